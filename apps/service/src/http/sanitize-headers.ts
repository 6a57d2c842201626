const EXACT = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
const PARTS = ['token', 'secret', 'password', 'session', 'api-key', 'apikey'];

/** Request headers as mappings see them, with credentials replaced by "[REDACTED]" (mapping-language §9.6). */
export function sanitizeHeaders(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [rawName, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const name = rawName.toLowerCase();
    out[name] = EXACT.has(name) || PARTS.some((p) => name.includes(p)) ? '[REDACTED]' : value;
  }
  return out;
}
