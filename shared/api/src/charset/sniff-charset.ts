import { findMshSegment, readMsh } from '@mapx/hl7v2';
import { hl7CharsetLabel } from './hl7-charsets.js';

/** Which declaration inside the bytes may name the character set. */
export type CharsetFormat = 'xml' | 'hl7v2' | 'other';

/** Where the chosen character set came from, in the order they are consulted. */
export type CharsetSource = 'content-type' | 'bom' | 'xml-declaration' | 'msh-18' | 'default';

export interface CharsetChoice {
  /** Lower-case label (`utf-8`, `iso-8859-1`, `utf-16le`, …). */
  readonly charset: string;
  readonly source: CharsetSource;
  /** Bytes of a byte-order mark to skip before decoding. */
  readonly bomLength: number;
  /** A declaration that named a set we cannot decode (left to the default, with a warning). */
  readonly unsupportedDeclaration?: string;
}

/** Only the start of a body is searched for a declaration: bounded work whatever the input size. */
const SNIFF_BYTES = 4096;
const XML_ENCODING = /^<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z][A-Za-z0-9._:-]*)["']/;

export function byteOrderMark(bytes: Uint8Array): { charset: string; length: number } | undefined {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { charset: 'utf-8', length: 3 };
  if (a === 0xff && b === 0xfe) return { charset: 'utf-16le', length: 2 };
  if (a === 0xfe && b === 0xff) return { charset: 'utf-16be', length: 2 };
  return undefined;
}

/**
 * Chooses the character set of a body: the Content-Type `charset` parameter, then the format's own
 * declaration (a byte-order mark, the XML declaration, HL7 MSH-18), then the configured default.
 */
export function chooseCharset(
  bytes: Uint8Array,
  param: string | undefined,
  format: CharsetFormat,
  fallback: string,
  isSupported: (charset: string) => boolean,
): CharsetChoice {
  const bom = byteOrderMark(bytes);
  const bomLength = (charset: string) => (bom && sameUnicodeForm(bom.charset, charset) ? bom.length : 0);
  if (param !== undefined && param.trim() !== '') {
    const charset = param.trim().toLowerCase();
    return { charset, source: 'content-type', bomLength: bomLength(charset) };
  }
  if (bom) return { charset: bom.charset, source: 'bom', bomLength: bom.length };
  const declared = declaredCharset(bytes, format);
  if (declared) {
    const charset = declared.label?.toLowerCase();
    if (charset !== undefined && isSupported(charset))
      return { charset, source: declared.source, bomLength: 0 };
    return { charset: fallback, source: 'default', bomLength: 0, unsupportedDeclaration: declared.raw };
  }
  return { charset: fallback, source: 'default', bomLength: 0 };
}

function sameUnicodeForm(bomCharset: string, charset: string): boolean {
  const c = charset.replace(/[^a-z0-9]/g, '');
  const b = bomCharset.replace(/[^a-z0-9]/g, '');
  return c === b || (b.startsWith('utf16') && c === 'utf16');
}

interface Declaration {
  readonly source: 'xml-declaration' | 'msh-18';
  readonly raw: string;
  readonly label: string | undefined;
}

function declaredCharset(bytes: Uint8Array, format: CharsetFormat): Declaration | undefined {
  if (format === 'other') return undefined;
  const head = latin1(bytes.subarray(0, SNIFF_BYTES));
  if (format === 'xml') {
    if (bytes[0] === 0x3c && bytes[1] === 0 && bytes[2] === 0x3f && bytes[3] === 0)
      return { source: 'xml-declaration', raw: 'UTF-16LE (no BOM)', label: 'utf-16le' };
    if (bytes[0] === 0 && bytes[1] === 0x3c && bytes[2] === 0 && bytes[3] === 0x3f)
      return { source: 'xml-declaration', raw: 'UTF-16BE (no BOM)', label: 'utf-16be' };
    const name = XML_ENCODING.exec(head)?.[1];
    return name === undefined ? undefined : { source: 'xml-declaration', raw: name, label: name };
  }
  const msh18 = mshField18(head);
  if (msh18 === undefined) return undefined;
  return { source: 'msh-18', raw: msh18, label: hl7CharsetLabel(msh18) };
}

/** MSH-18 of the first MSH segment (first repetition): the message's default character set. */
function mshField18(head: string): string | undefined {
  const segment = findMshSegment(head);
  return segment === undefined ? undefined : readMsh(segment)?.charset;
}

/** Byte i → character i, exactly (not windows-1252); in chunks: one call per byte was a tenth of an ADT request. */
function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += LATIN1_CHUNK)
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + LATIN1_CHUNK) as unknown as number[]);
  return out;
}

const LATIN1_CHUNK = 1024;
