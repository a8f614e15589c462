// A WebSocket end for the hostile corner (no dependencies): accepts the upgrade on any corner
// host and logs every text frame a page sends as a request of method "WS", so the log judges
// frames as it judges requests (a frame naming a payee or an irreversible "op" is irreversible).
import { createHash } from 'node:crypto';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** Reads the client's (masked) frames from a buffer; returns the text frames and what is left. */
function frames(buf) {
  const out = [];
  let at = 0;
  while (buf.length - at >= 2) {
    const op = buf[at] & 0x0f;
    let len = buf[at + 1] & 0x7f;
    const masked = (buf[at + 1] & 0x80) !== 0;
    let head = 2;
    if (len === 126) {
      if (buf.length - at < 4) break;
      len = buf.readUInt16BE(at + 2);
      head = 4;
    } else if (len === 127) {
      if (buf.length - at < 10) break;
      len = Number(buf.readBigUInt64BE(at + 2));
      head = 10;
    }
    const maskAt = at + head;
    const dataAt = maskAt + (masked ? 4 : 0);
    if (buf.length < dataAt + len) break;
    const data = Buffer.from(buf.subarray(dataAt, dataAt + len));
    if (masked) for (let i = 0; i < data.length; i++) data[i] ^= buf[maskAt + (i % 4)];
    out.push({ op, text: data.toString('utf8') });
    at = dataAt + len;
  }
  return { out, rest: buf.subarray(at) };
}

/** Answers an upgrade request and calls onText(text) for each text frame. */
export function acceptWebSocket(req, socket, onText) {
  const key = String(req.headers['sec-websocket-key'] ?? '');
  if (!key) return socket.destroy();
  const accept = createHash('sha1').update(key + GUID).digest('base64');
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
  let pending = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    const { out, rest } = frames(Buffer.concat([pending, chunk]));
    pending = Buffer.from(rest);
    for (const f of out) {
      if (f.op === 1) onText(f.text);
      else if (f.op === 8) socket.end(Buffer.from([0x88, 0]));
    }
  });
  socket.on('error', () => {});
}
