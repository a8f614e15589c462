/** A positional XPath from the document root; empty inside a shadow root, which XPath cannot enter. */
export function xpathOf(el: Element): string {
  if (el.getRootNode() !== el.ownerDocument) return '';
  const parts: string[] = [];
  for (let e: Element | null = el; e; e = e.parentElement) {
    let index = 0;
    let same = 0;
    const siblings: Element[] = e.parentElement ? Array.from(e.parentElement.children) : [e];
    for (const s of siblings) {
      if (s.localName !== e.localName) continue;
      same++;
      if (s === e) index = same;
    }
    // XPath names elements by local name; non-HTML namespaces (svg) need a name() test
    const step = e.namespaceURI === 'http://www.w3.org/1999/xhtml' ? e.localName : `*[name()="${e.localName}"]`;
    parts.unshift(`${step}[${index}]`);
  }
  return '/' + parts.join('/');
}
