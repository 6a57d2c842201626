import { decodeText, textDecoderCodec, type CharsetFormat, type InputContentType } from '@mapx/api';
import { guessContentType } from './content-type.js';

export interface DecodedFile {
  readonly text: string;
  readonly contentType: InputContentType;
  /** What the decoding step noticed (invalid bytes with their offsets, an undecodable declaration). */
  readonly warnings: readonly string[];
}

function formatOf(type: InputContentType): CharsetFormat {
  if (type.includes('xml')) return 'xml';
  if (type.includes('hl7')) return 'hl7v2';
  return 'other';
}

/**
 * An opened input file, decoded by the same step the service runs on request bodies (BOM, XML declaration,
 * HL7 MSH-18, else UTF-8), with the browser's `TextDecoder` for legacy sets.
 */
export function decodeInputFile(bytes: Uint8Array, fileName: string): DecodedFile {
  // declarations and format markers are ASCII: one byte per character is enough to guess the format
  const head = String.fromCharCode(...bytes.subarray(0, 2048));
  const format = formatOf(guessContentType(fileName, head));
  const out = decodeText(bytes, { param: undefined, format, fallback: 'utf-8' }, textDecoderCodec);
  if (!out.ok)
    return { text: '', contentType: guessContentType(fileName, ''), warnings: [out.issue.message] };
  const contentType = guessContentType(fileName, out.text);
  return { text: out.text, contentType, warnings: out.warnings.map((w) => w.message) };
}
