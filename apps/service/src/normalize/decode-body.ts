import { decodeText, HL7_V2_MEDIA_TYPES, type CharsetFormat, type DecodeOutcome } from '@mapx/api';
import type { MediaType } from '@mapx/plugin-api';
import { iconvCodec } from './iconv-codec.js';

/** Which declaration inside the body can name its character set, by media type. */
export function charsetFormatOf(mediaType: MediaType): CharsetFormat {
  if (mediaType.subtype === 'xml' || mediaType.subtype.endsWith('+xml')) return 'xml';
  if ((HL7_V2_MEDIA_TYPES as readonly string[]).includes(mediaType.essence)) return 'hl7v2';
  return 'other';
}

/**
 * Bytes → text, before any normaliser sees them: `charset` parameter, then BOM / XML declaration / MSH-18,
 * then the configured default (`MAPX_INPUT_DEFAULT_CHARSET`).
 */
export function decodeBody(bytes: Uint8Array, mediaType: MediaType, fallback: string): DecodeOutcome {
  return decodeText(
    bytes,
    { param: mediaType.params.charset, format: charsetFormatOf(mediaType), fallback },
    iconvCodec,
  );
}
