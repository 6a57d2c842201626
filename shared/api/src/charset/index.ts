export { decodeText, MAX_CHARSET_WARNINGS } from './decode-text.js';
export type { CharsetCodec, CharsetWarning, DecodeOutcome, DecodeRequest } from './decode-text.js';
export { chooseCharset, byteOrderMark } from './sniff-charset.js';
export type { CharsetChoice, CharsetFormat, CharsetSource } from './sniff-charset.js';
export { hl7CharsetLabel } from './hl7-charsets.js';
export { textDecoderCodec } from './text-decoder-codec.js';
