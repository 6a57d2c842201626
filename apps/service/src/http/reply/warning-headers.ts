/** Warning headers on one answer: the rest are in the verbose report. */
const MAX_WARNING_HEADERS = 10;

/**
 * RFC 9111 `Warning` header values (`199 mapx "<code>: <message>"`) so a non-verbose answer is never silently
 * lossy: the body is the bare result there. Non-ASCII characters are written as `\uXXXX`.
 */
export function warningHeaderValues(
  warnings: readonly { readonly code?: unknown; readonly message?: unknown }[],
): string[] {
  return warnings.slice(0, MAX_WARNING_HEADERS).map((d) => {
    const text = `${String(d.code ?? 'WARNING')}: ${String(d.message ?? '')}`;
    const quoted = JSON.stringify(text).replace(
      /[^\x20-\x7e]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    return `199 mapx ${quoted}`;
  });
}
