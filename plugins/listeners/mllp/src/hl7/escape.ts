import type { MshHeader } from './msh-header.js';

/** C0 controls and DEL: VT and FS among them would end or restart the sender's MLLP frame. */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\x00-\x1f\x7f]/g;

/**
 * Text made safe for one ER7 field of this message: its delimiters escaped (`\F\ \S\ \R\ \E\ \T\`), line breaks
 * turned to spaces, every other control character written as `\Xhh\`, non-latin1 text kept as UTF-8 bytes, and
 * at most `max` characters. Without an escape character (MSH-2 shorter than 3) delimiters and controls become
 * spaces.
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
    else if (isControl(ch)) out += e ? `${e}X${hex(ch)}${e}` : ' ';
    else out += ch;
  }
  return out;
}

/**
 * A field of the received MSH echoed in the ACK as written, except control characters (`\Xhh\`) and text
 * beyond latin1 (as UTF-8 bytes): the ACK goes out as latin1, where U+011C would become an FS byte.
 */
export function echoField(header: MshHeader, value: string): string {
  // eslint-disable-next-line no-control-regex -- the latin1 range, from NUL on
  const latin1 = /[^\x00-\xff]/.test(value) ? Buffer.from(value, 'utf8').toString('latin1') : value;
  const e = header.escape;
  return latin1.replace(CONTROL, (ch) => (e ? `${e}X${hex(ch)}${e}` : ' '));
}

function isControl(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

function hex(ch: string): string {
  return ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
}
