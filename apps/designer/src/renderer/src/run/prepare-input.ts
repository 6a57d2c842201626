import { isJsonContentType } from './content-type.js';

export type PreparedInput =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

/**
 * What `POST /` receives as `input`: JSON formats travel parsed (the service uses JSON input as is), the
 * other formats as text for the service to normalise. Blank input is omitted (the mapping sees `null`).
 */
export function prepareInput(text: string, contentType: string): PreparedInput {
  if (text.trim() === '') return { ok: true, value: undefined };
  if (!isJsonContentType(contentType)) return { ok: true, value: text };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      message: `The input is not valid JSON (${detail}). Fix it or choose another format.`,
    };
  }
}
