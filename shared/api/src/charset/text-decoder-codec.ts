import type { CharsetCodec } from './decode-text.js';

/**
 * The WHATWG `TextDecoder` as a codec (browsers, the designer): it knows every label of the Encoding
 * standard. Note that standard decodes `iso-8859-1` as windows-1252, a superset over 0x80–0x9F.
 */
export const textDecoderCodec: CharsetCodec = {
  supports: (charset) => decoderFor(charset) !== undefined,
  decode: (bytes, charset) => (decoderFor(charset) ?? new TextDecoder()).decode(bytes),
  // only used to place a U+FFFD: UTF-16 has two bytes per code unit, the single-byte sets one
  encodedLength: (text, charset) => (/^utf-?16/.test(charset) ? text.length * 2 : text.length),
};

type Decoder = InstanceType<typeof TextDecoder>;
const decoders = new Map<string, Decoder | undefined>();

function decoderFor(charset: string): Decoder | undefined {
  if (decoders.has(charset)) return decoders.get(charset);
  let decoder: Decoder | undefined;
  try {
    decoder = new TextDecoder(charset, { ignoreBOM: true });
  } catch {
    decoder = undefined;
  }
  if (decoders.size < 64) decoders.set(charset, decoder);
  return decoder;
}
