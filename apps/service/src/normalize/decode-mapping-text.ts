import { decodeText } from '@mapx/api';
import { iconvCodec } from './iconv-codec.js';

export type MappingText =
  | { readonly ok: true; readonly text: string }
  | {
      readonly ok: false;
      readonly code: 'MAPPING_CHARSET_UNSUPPORTED' | 'MAPPING_TEXT_UNDECODABLE';
      /** The parameters of the code's message. */
      readonly params: Readonly<Record<string, string>>;
    };

/**
 * A PUT mapping body: UTF-8 unless its `charset` parameter or a BOM says otherwise. Bytes invalid in that set
 * are refused (400) rather than stored with U+FFFD in place of what the author wrote.
 */
export function decodeMappingText(body: unknown, charset: string | undefined): MappingText {
  if (!(body instanceof Uint8Array)) return { ok: true, text: '' };
  const out = decodeText(body, { param: charset, format: 'other', fallback: 'utf-8' }, iconvCodec);
  if (!out.ok) {
    const params = { charset: out.charset, source: out.source };
    return { ok: false, code: 'MAPPING_CHARSET_UNSUPPORTED', params };
  }
  const invalid = out.warnings[0];
  if (invalid) return { ok: false, code: 'MAPPING_TEXT_UNDECODABLE', params: { detail: invalid.message } };
  return { ok: true, text: out.text };
}
