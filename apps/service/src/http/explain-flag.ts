import { isVerbose } from './verbose-flag.js';

/**
 * `explain` is on when the query parameter `explain` is `1` or `true` (as `verbose`), or the body of `POST /`
 * says `"explain": true`.
 */
export function isExplain(query: unknown, body?: unknown): boolean {
  const q = query as Record<string, unknown> | undefined;
  if (isVerbose(q ? { verbose: q['explain'] } : undefined)) return true;
  return (body as { explain?: unknown } | undefined)?.explain === true;
}
