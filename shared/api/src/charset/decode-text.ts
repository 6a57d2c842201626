import { invalidUtf8Offsets } from './invalid-utf8.js';
import { chooseCharset, type CharsetFormat, type CharsetSource } from './sniff-charset.js';

/** Decoding of legacy sets is host-specific: iconv-lite in the service, `TextDecoder` in the designer. */
export interface CharsetCodec {
  supports(charset: string): boolean;
  decode(bytes: Uint8Array, charset: string): string;
  /** Bytes `text` takes in `charset`: the offset of a replacement character in multi-byte legacy sets. */
  encodedLength?(text: string, charset: string): number;
}

export interface CharsetWarning {
  readonly code: 'INPUT_CHARSET_INVALID_BYTES' | 'INPUT_CHARSET_UNSUPPORTED_DECLARATION';
  readonly message: string;
  /** Byte offset in the body (invalid bytes). */
  readonly position?: number;
  readonly value?: string;
}

export interface DecodeRequest {
  /** The Content-Type `charset` parameter, if any. */
  readonly param: string | undefined;
  readonly format: CharsetFormat;
  /** The configured default (`MAPX_INPUT_DEFAULT_CHARSET`). */
  readonly fallback: string;
}

export type DecodeOutcome =
  | {
      readonly ok: true;
      readonly text: string;
      readonly charset: string;
      readonly source: CharsetSource;
      readonly warnings: readonly CharsetWarning[];
    }
  | {
      readonly ok: false;
      readonly issue: {
        readonly code: 'UNSUPPORTED_CHARSET';
        readonly message: string;
        readonly status: 415;
      };
      /** The set that cannot be decoded, and where it was named. */
      readonly charset: string;
      readonly source: CharsetSource;
    };

/** Invalid bytes reported one by one; beyond that, one summary warning. */
export const MAX_CHARSET_WARNINGS = 10;
const UTF8 = /^(utf-?8|unicode-1-1-utf-8)$/;
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The one decoding step before every normaliser: picks the character set (`chooseCharset`), decodes, and
 * turns every byte that is not valid in that set into a warning with its byte offset — never a silent U+FFFD.
 */
export function decodeText(bytes: Uint8Array, req: DecodeRequest, codec: CharsetCodec): DecodeOutcome {
  const choice = chooseCharset(bytes, req.param, req.format, req.fallback, (c) => isKnown(c, codec));
  if (!isKnown(choice.charset, codec)) {
    const message = `The character set "${choice.charset}" (${choice.source}) is not supported`;
    const issue = { code: 'UNSUPPORTED_CHARSET', message, status: 415 } as const;
    return { ok: false, issue, charset: choice.charset, source: choice.source };
  }
  const warnings: CharsetWarning[] = [];
  if (choice.unsupportedDeclaration !== undefined) {
    warnings.push({
      code: 'INPUT_CHARSET_UNSUPPORTED_DECLARATION',
      message: `The input declares the character set "${choice.unsupportedDeclaration}", which cannot be decoded; it was decoded as ${choice.charset} instead`,
      value: choice.unsupportedDeclaration,
    });
  }
  const body = choice.bomLength > 0 ? bytes.subarray(choice.bomLength) : bytes;
  const text = UTF8.test(choice.charset)
    ? decodeUtf8(body, choice.bomLength, warnings)
    : decodeLegacy(body, choice.charset, choice.bomLength, codec, warnings);
  return { ok: true, text, charset: choice.charset, source: choice.source, warnings };
}

function isKnown(charset: string, codec: CharsetCodec): boolean {
  return UTF8.test(charset) || codec.supports(charset);
}

function decodeUtf8(body: Uint8Array, base: number, warnings: CharsetWarning[]): string {
  try {
    return strictUtf8.decode(body);
  } catch {
    const { offsets, count } = invalidUtf8Offsets(body, MAX_CHARSET_WARNINGS);
    for (const at of offsets) warnings.push(invalidByte(body[at]!, base + at, 'utf-8'));
    if (count > offsets.length) warnings.push(moreInvalid(count - offsets.length, 'utf-8'));
    return utf8.decode(body);
  }
}

function decodeLegacy(
  body: Uint8Array,
  charset: string,
  base: number,
  codec: CharsetCodec,
  warnings: CharsetWarning[],
): string {
  const text = codec.decode(body, charset);
  let count = 0;
  for (let i = text.indexOf('\ufffd'); i >= 0; i = text.indexOf('\ufffd', i + 1)) {
    if (count++ >= MAX_CHARSET_WARNINGS) continue;
    const at = codec.encodedLength ? codec.encodedLength(text.slice(0, i), charset) : i;
    warnings.push(invalidByte(body[at] ?? 0, base + at, charset));
  }
  if (count > MAX_CHARSET_WARNINGS) warnings.push(moreInvalid(count - MAX_CHARSET_WARNINGS, charset));
  return text;
}

function invalidByte(byte: number, offset: number, charset: string): CharsetWarning {
  const hex = `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return {
    code: 'INPUT_CHARSET_INVALID_BYTES',
    message: `Byte ${hex} at offset ${offset} is not valid ${charset}; it was decoded as U+FFFD`,
    position: offset,
    value: hex,
  };
}

function moreInvalid(more: number, charset: string): CharsetWarning {
  return {
    code: 'INPUT_CHARSET_INVALID_BYTES',
    message: `${more} more invalid ${charset} sequences were decoded as U+FFFD`,
  };
}
