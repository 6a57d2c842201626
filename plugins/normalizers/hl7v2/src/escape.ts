import type { Hl7Delimiters } from '@mapx/hl7v2';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes HL7 escape sequences: `\F\ \S\ \T\ \R\ \E\` to the message's delimiters (`\P\` to the
 * truncation character when MSH-2 declares one), `\.br\` (and `\.sp\`) to a
 * line break, `\Xhh…\` to the bytes it names (UTF-8, else Latin-1); the formatting marks `\H\ \N\` are
 * dropped; other sequences (`\Cxxyy\`, `\Mxxyyzz\`, `\Z…\`) are kept as written.
 */
export function decodeEscapes(text: string, d: Hl7Delimiters): string {
  const esc = d.escape;
  if (esc === '' || !text.includes(esc)) return text;
  let out = '';
  let from = 0;
  for (;;) {
    const start = text.indexOf(esc, from);
    const end = start < 0 ? -1 : text.indexOf(esc, start + 1);
    if (end < 0) return out + text.slice(from);
    out += text.slice(from, start) + decodeOne(text.slice(start + 1, end), d, esc);
    from = end + 1;
  }
}

function decodeOne(code: string, d: Hl7Delimiters, esc: string): string {
  switch (code) {
    case 'F':
      return d.field;
    case 'S':
      return d.component;
    case 'T':
      return d.subcomponent;
    case 'R':
      return d.repetition;
    case 'E':
      return esc;
    case 'P':
      if (d.truncation !== '') return d.truncation;
      break;
    case '.br':
    case '.sp':
      return '\n';
    case 'H':
    case 'N':
      return '';
  }
  if (
    code.startsWith('X') &&
    code.length > 1 &&
    /^[0-9A-Fa-f]+$/.test(code.slice(1)) &&
    code.length % 2 === 1
  ) {
    const bytes = Buffer.from(code.slice(1), 'hex');
    try {
      return utf8.decode(bytes);
    } catch {
      return bytes.toString('latin1');
    }
  }
  return esc + code + esc;
}
