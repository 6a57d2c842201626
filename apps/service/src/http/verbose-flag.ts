/** `verbose` is on when any of its values is `1` or `true` (trimmed, case-insensitive). */
export function isVerbose(query: unknown): boolean {
  const value = (query as Record<string, unknown> | undefined)?.verbose;
  const values = Array.isArray(value) ? value : [value];
  return values.some((v) => typeof v === 'string' && ['1', 'true'].includes(v.trim().toLowerCase()));
}
