import { authFailure, type AuthResult, type DesignerAuthErrorCode } from './auth-errors.js';

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

const TIMEOUT_MS = 10_000;

/** A JSON request whose every failure (network, status, non-object body) is a value carrying `code`. */
export async function fetchJson(
  fetchFn: FetchLike,
  url: string | URL,
  init: RequestInit,
  code: DesignerAuthErrorCode,
): Promise<AuthResult<Record<string, unknown>> & { status?: number }> {
  let response: Response;
  try {
    response = await fetchFn(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    return authFailure('DESIGNER_AUTH_NETWORK', new URL(url).origin);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok || typeof body !== 'object' || body === null || Array.isArray(body)) {
    const detail = describeError(body) ?? `HTTP ${response.status}`;
    return { ...authFailure(code, detail), status: response.status };
  }
  return { ok: true, value: body as Record<string, unknown>, status: response.status };
}

/** OAuth (`error`, `error_description`) or problem+json (`detail`) text, which never carries a secret. */
function describeError(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Record<string, unknown>;
  const parts = [b['error'], b['error_description'] ?? b['detail']].filter((p) => typeof p === 'string');
  return parts.length > 0 ? parts.join(': ') : undefined;
}
