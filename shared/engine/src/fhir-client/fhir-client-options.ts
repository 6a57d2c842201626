export interface FhirClientOptions {
  /** FHIR server base URL (http or https). */
  baseUrl: string;
  /** `BASIC` sends `username`/`password` as HTTP basic auth; default `NONE`. */
  authType?: 'NONE' | 'BASIC' | undefined;
  username?: string | undefined;
  password?: string | undefined;
  /** Per-request timeout in ms (whole request, body included); default 30,000. */
  timeoutMs?: number | undefined;
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
