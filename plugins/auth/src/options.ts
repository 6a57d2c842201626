import { z } from 'zod';

const int = (schema: z.ZodInt) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v), schema);

/** Plugin options (not auth.yaml): where to look for auth.yaml and the network bounds of the verifier. */
export const authOptionsSchema = z.strictObject({
  /** AUTH_CONFIG_PATH: a file path, or an inline base64 auth.yaml. */
  configPath: z.string().optional(),
  /** Directory holding the default ./auth.yaml; the process working directory when omitted. */
  cwd: z.string().optional(),
  /** Minimum time between two key-set fetches triggered by an unknown `kid`. */
  jwksCooldownMs: int(z.int().nonnegative()).default(30_000),
  /** Time-out of every request to the identity provider (discovery, key set, token endpoint). */
  httpTimeoutMs: int(z.int().positive()).default(5_000),
});

export type AuthOptions = z.infer<typeof authOptionsSchema>;

export function authOptionsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  if (env['AUTH_CONFIG_PATH'] !== undefined) raw['configPath'] = env['AUTH_CONFIG_PATH'];
  if (env['AUTH_JWKS_COOLDOWN_MS'] !== undefined) raw['jwksCooldownMs'] = env['AUTH_JWKS_COOLDOWN_MS'];
  if (env['AUTH_HTTP_TIMEOUT_MS'] !== undefined) raw['httpTimeoutMs'] = env['AUTH_HTTP_TIMEOUT_MS'];
  return raw;
}
