import { z } from 'zod';
import { parseOptionalText, pickEnv } from '@mapx/plugin-api';
import {
  flagOption as flagSchema,
  integerOption as integerSchema,
  timerIntervalOption as intervalSchema,
} from '@mapx/plugin-api/zod';

const baseUrlSchema = z
  .string()
  .optional()
  .transform((s, ctx) => {
    const text = parseOptionalText(s);
    if (text === undefined) return undefined;
    const trimmed = text.replace(/\/+$/, '');
    const url = URL.canParse(trimmed) ? new URL(trimmed) : undefined;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      ctx.addIssue({ code: 'custom', message: 'expected an http(s) URL, empty or n/a' });
      return z.NEVER;
    }
    if (url.username || url.password) {
      ctx.addIssue({
        code: 'custom',
        message: 'put credentials in FHIR_SERVER_UN / FHIR_SERVER_PW, not in the URL',
      });
      return z.NEVER;
    }
    return trimmed;
  });

export const fhirServerStoreOptionsSchema = z
  .object({
    /** FHIR base URL; absent, blank or `n/a` → the FHIR-server store is not configured. */
    baseUrl: baseUrlSchema,
    /** `BASIC` enables basic auth; anything else means none (mapping-language §9.1). */
    authType: z
      .string()
      .trim()
      .toUpperCase()
      .transform((s) => (s === 'BASIC' ? ('BASIC' as const) : ('NONE' as const)))
      .default('NONE'),
    username: z.string().default(''),
    password: z.string().default(''),
    timeoutMs: integerSchema.pipe(z.number().int().positive()).default(30_000),
    /** ≤ 0 disables polling. */
    pollingIntervalMs: intervalSchema.default(30_000),
    /** ≤ 0 disables the periodic forced resync. */
    forcedResyncIntervalMs: intervalSchema.default(3_600_000),
    writeEnabled: flagSchema.default(true),
    /** Resources per search page (`_count`). */
    pageSize: integerSchema.pipe(z.number().int().min(1).max(1000)).default(100),
    /** `all`: every ConceptMap of the server goes into the snapshot; `none`: only the alias ConceptMap is read. */
    conceptMaps: z.enum(['all', 'none']).default('all'),
  })
  .superRefine((o, ctx) => {
    if (o.baseUrl !== undefined && o.authType === 'BASIC' && (o.username === '' || o.password === '')) {
      ctx.addIssue({
        code: 'custom',
        path: ['username'],
        message: 'BASIC auth needs FHIR_SERVER_UN and FHIR_SERVER_PW',
      });
    }
  });

export type FhirServerStoreOptions = z.output<typeof fhirServerStoreOptionsSchema>;

const ENV_TO_OPTION = {
  FHIR_SERVER_BASE: 'baseUrl',
  FHIR_SERVER_AUTH_TYPE: 'authType',
  FHIR_SERVER_UN: 'username',
  FHIR_SERVER_PW: 'password',
  FHIR_SERVER_TIMEOUT: 'timeoutMs',
  MAPPINGS_SERVER_POLLING_INTERVAL_MS: 'pollingIntervalMs',
  MAPPINGS_FORCED_RESYNC_INTERVAL_MS: 'forcedResyncIntervalMs',
  MAPPINGS_WRITE_ENABLED: 'writeEnabled',
} as const;

export function fhirServerOptionsFromEnv(env: Readonly<Record<string, string | undefined>>): unknown {
  return pickEnv(env, ENV_TO_OPTION);
}
