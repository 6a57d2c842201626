import type { MshHeader } from './msh-header.js';

/**
 * Text made safe for one ER7 field of this message: its delimiters escaped (`\F\ \S\ \R\ \E\ \T\`), line breaks
 * turned to spaces, non-latin1 text kept as UTF-8 bytes, and at most `max` characters.
 */
export function escapeText(header: MshHeader, text: string, max: number): string {
  const cut = text.length > max ? `${text.slice(0, max - 3)}...` : text;
  const bytes = Buffer.from(cut.replace(/[\r\n]+/g, ' '), 'utf8').toString('latin1');
  const { escape: e, fieldSeparator, component, repetition, subcomponent } = header;
  let out = '';
  for (const ch of bytes) {
    if (!e && (ch === fieldSeparator || ch === component || ch === repetition || ch === subcomponent)) {
      out += ' ';
      continue;
    }
    if (ch === e) out += `${e}E${e}`;
    else if (ch === fieldSeparator) out += `${e}F${e}`;
    else if (ch === component) out += `${e}S${e}`;
    else if (ch === repetition) out += `${e}R${e}`;
    else if (ch === subcomponent) out += `${e}T${e}`;
    else out += ch;
  }
  return out;
}
