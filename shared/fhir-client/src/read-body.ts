/** A response body read as text, or `overLimit` once it passes `maxBytes` (the rest is never read). */
export interface BoundedText {
  text: string;
  overLimit: boolean;
}

/** Reads the whole body when `maxBytes` is undefined; else stops (and cancels the stream) past the bound. */
export async function readBody(res: Response, maxBytes: number | undefined): Promise<BoundedText> {
  if (maxBytes === undefined) return { text: await res.text(), overLimit: false };
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    return { text: '', overLimit: true };
  }
  if (!res.body) return { text: '', overLimit: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { text: '', overLimit: true };
    }
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), overLimit: false };
}
