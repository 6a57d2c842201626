import iconv from 'iconv-lite';
import type { CharsetCodec } from '@mapx/api';

/** Legacy character sets (ISO-8859-x, Windows-125x, UTF-16, Shift_JIS, GB18030, …) through iconv-lite. */
export const iconvCodec: CharsetCodec = {
  supports: (charset) => iconv.encodingExists(charset),
  decode: (bytes, charset) =>
    iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), charset),
  encodedLength: (text, charset) => iconv.encode(text, charset).length,
};
