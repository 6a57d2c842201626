import type { FhirClientError } from './fhir-client-error.js';

export interface RetryOptions {
  /** Further attempts after the first, for idempotent requests only; default 2, 0 disables retries. */
  retries?: number | undefined;
  /** First backoff in ms, doubled per attempt with full jitter; default 200. */
  baseDelayMs?: number | undefined;
  /** Upper bound of one backoff (and of an honoured `Retry-After`) in ms; default 5,000. */
  maxDelayMs?: number | undefined;
  /** Told before each further attempt (for a caller's retry counter); must not throw. */
  onRetry?: ((attempt: number, error: FhirClientError) => void) | undefined;
}

export interface FhirClientOptions {
  /** FHIR server base URL (http or https). */
  baseUrl: string;
  /**
   * `BASIC` sends `username`/`password` as HTTP basic auth, `BEARER` sends `token`; default `NONE`. The
   * credentials go to the base's origin only and never into an error.
   */
  authType?: 'NONE' | 'BASIC' | 'BEARER' | undefined;
  username?: string | undefined;
  password?: string | undefined;
  token?: string | undefined;
  /** Per-request timeout in ms (whole request, body included); default 30,000. Each retry gets its own. */
  timeoutMs?: number | undefined;
  retry?: RetryOptions | undefined;
  /**
   * `next` links on another origin whose path lies under the base path (a server behind a proxy reporting its
   * internal address) are fetched from the base origin instead of being refused. Default false.
   */
  reanchorNextLinks?: boolean | undefined;
}

export const DEFAULT_FHIR_TIMEOUT_MS = 30_000;

/**
 * Client options from the FHIR_SERVER_* environment variables (§9.1), or undefined when no server is
 * configured (`FHIR_SERVER_BASE` empty or `n/a`). Callers validate and freeze the result at boot.
 */
export function fhirClientOptionsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): FhirClientOptions | undefined {
  const baseUrl = (env['FHIR_SERVER_BASE'] ?? '').trim();
  if (baseUrl === '' || baseUrl.toLowerCase() === 'n/a') return undefined;
  const basic = (env['FHIR_SERVER_AUTH_TYPE'] ?? '').trim().toUpperCase() === 'BASIC';
  const timeout = Number.parseInt(env['FHIR_SERVER_TIMEOUT'] ?? '', 10);
  return {
    baseUrl,
    authType: basic ? 'BASIC' : 'NONE',
    ...(basic ? { username: env['FHIR_SERVER_UN'] ?? '', password: env['FHIR_SERVER_PW'] ?? '' } : {}),
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : DEFAULT_FHIR_TIMEOUT_MS,
  };
}
