// A Map, not an object literal: `&constructor;` must not find Object.prototype members.
const NAMED: ReadonlyMap<string, string> = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);
const REFERENCE = /&(#x[0-9A-Fa-f]+|#[0-9]+|[A-Za-z][\w.-]*)?(;)?/g;

/**
 * Decodes the five predefined entities and character references. Anything else (an undeclared entity, a
 * bare `&`, a reference to a character XML forbids) is an error with its offset in `chunk`.
 */
export function decodeEntities(chunk: string): string | { readonly error: string; readonly offset: number } {
  let out = '';
  let from = 0;
  REFERENCE.lastIndex = 0;
  for (let m = REFERENCE.exec(chunk); m; m = REFERENCE.exec(chunk)) {
    const body = m[1];
    if (body === undefined || m[2] === undefined) return { error: 'a bare & (write &amp;)', offset: m.index };
    let ch: string | undefined;
    if (body[0] === '#') {
      const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      ch = isXmlChar(code) ? String.fromCodePoint(code) : undefined;
    } else ch = NAMED.get(body);
    if (ch === undefined) return { error: `unknown or invalid reference &${body};`, offset: m.index };
    out += chunk.slice(from, m.index) + ch;
    from = m.index + m[0].length;
  }
  return out + chunk.slice(from);
}

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}
