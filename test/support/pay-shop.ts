import { createServer, type Server } from 'node:http';

/**
 * An invoice page of its own whose Pay button posts the payment (`amount=42.00` to /do/pay); the
 * server keeps each body that reached it in `paid`, so a test says what was really sent. `extra`:
 * more of the page, before the form (a note field, say).
 */
export async function payShop(paid: string[], extra = ''): Promise<{ shop: Server; url: string }> {
  const shop = createServer((req, res) => {
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => (paid.push(body), res.writeHead(200, { 'content-type': 'text/html' }), res.end('<title>Paid</title><h1>Payment sent</h1>')));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>Invoice 7731</title><h1>Invoice 7731</h1><p>Amount due: $42.00</p>${extra}<form method="post" action="/do/pay"><input type="hidden" name="amount" value="42.00"><button>Pay $42.00</button></form>`);
  });
  await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
  return { shop, url: `http://127.0.0.1:${(shop.address() as { port: number }).port}/invoice` };
}
