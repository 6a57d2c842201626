import type { FhirClientOptions } from '@mapx/fhir-client';

/** The credentials a CLI command sends to the FHIR server its command line names (`--output`, `--fhir-server`). */
export type TargetCredentials =
  | { readonly authType: 'NONE' }
  | { readonly authType: 'BASIC'; readonly username: string; readonly password: string }
  | { readonly authType: 'BEARER'; readonly token: string };

/**
 * MAPX_TARGET_AUTH_TYPE (NONE, BASIC with MAPX_TARGET_UN/MAPX_TARGET_PW, BEARER with MAPX_TARGET_TOKEN) when set;
 * else the store's FHIR_SERVER_* credentials only when the URL has FHIR_SERVER_BASE's origin; else none. A URL
 * on the command line may be anyone's: the store's password never goes to another origin, and no credential goes
 * over plain http beyond loopback. A string is the reason the command must stop.
 */
export function targetCredentials(
  url: string,
  env: Readonly<Record<string, string | undefined>>,
  option: string,
): TargetCredentials | string {
  const own = (env['MAPX_TARGET_AUTH_TYPE'] ?? '').trim().toUpperCase();
  let credentials: TargetCredentials;
  if (own === 'BASIC')
    credentials = {
      authType: 'BASIC',
      username: env['MAPX_TARGET_UN'] ?? '',
      password: env['MAPX_TARGET_PW'] ?? '',
    };
  else if (own === 'BEARER') credentials = { authType: 'BEARER', token: env['MAPX_TARGET_TOKEN'] ?? '' };
  else if (own === 'NONE') credentials = { authType: 'NONE' };
  else if (own !== '') return `MAPX_TARGET_AUTH_TYPE: expected NONE, BASIC or BEARER (got "${own}")`;
  else credentials = storeCredentials(url, env);
  if (credentials.authType !== 'NONE' && !safeForCredentials(url))
    return (
      `${option} ${new URL(url).origin}: credentials go over plain http only to this machine (loopback); ` +
      `use https, or MAPX_TARGET_AUTH_TYPE=NONE`
    );
  return credentials;
}

/** Client options for the URL with its credentials. */
export function targetClientOptions(
  url: string,
  credentials: TargetCredentials,
  timeoutMs: number,
): FhirClientOptions {
  return { baseUrl: url, ...credentials, timeoutMs };
}

function storeCredentials(url: string, env: Readonly<Record<string, string | undefined>>): TargetCredentials {
  const basic = (env['FHIR_SERVER_AUTH_TYPE'] ?? '').trim().toUpperCase() === 'BASIC';
  if (!basic || !sameOrigin(url, env['FHIR_SERVER_BASE'])) return { authType: 'NONE' };
  return { authType: 'BASIC', username: env['FHIR_SERVER_UN'] ?? '', password: env['FHIR_SERVER_PW'] ?? '' };
}

function sameOrigin(url: string, base: string | undefined): boolean {
  if (!base || !URL.canParse(base.trim()) || !URL.canParse(url)) return false;
  return new URL(base.trim()).origin === new URL(url).origin;
}

function safeForCredentials(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'https:') return true;
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1';
}
