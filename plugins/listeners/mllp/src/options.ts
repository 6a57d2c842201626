import { z } from 'zod';
import { parseInteger, parseOptionalText, pickEnv } from '@mapx/plugin-api';

const integer = z.custom<unknown>((v) => parseInteger(v) !== undefined).transform((v) => parseInteger(v)!);
const text = z
  .string()
  .optional()
  .transform((s) => parseOptionalText(s));

/** MLLP_* variables (docs/configuration.md); `port` absent → no listener. */
export const mllpOptionsSchema = z
  .object({
    port: integer.pipe(z.number().int().min(0).max(65_535)).optional(),
    host: z.string().trim().min(1).default('0.0.0.0'),
    routesFile: text,
    tlsCert: text,
    tlsKey: text,
    /** CA bundle: set → clients must present a certificate it signed (mutual TLS). */
    tlsCa: text,
    delivery: z.enum(['fhir', 'ndjson', 'none']).optional(),
    fhirBase: text,
    fhirToken: text,
    /** The service's own FHIR server (FHIR_SERVER_*), the delivery target when `fhirBase` is not set. */
    serviceFhirBase: text,
    serviceFhirAuth: text,
    serviceFhirUser: z.string().default(''),
    serviceFhirPassword: z.string().default(''),
    ndjsonFile: z.string().trim().min(1).default('mllp-results.ndjson'),
    deadLetterDir: z.string().trim().min(1).default('mllp-dead-letter'),
    retries: integer.pipe(z.number().int().min(0).max(10)).default(3),
    backoffMs: integer.pipe(z.number().int().min(0).max(60_000)).default(500),
    timeoutMs: integer.pipe(z.number().int().min(1).max(600_000)).default(30_000),
    maxMessageBytes: integer
      .pipe(
        z
          .number()
          .int()
          .min(1024)
          .max(100 * 1024 * 1024),
      )
      .default(1024 * 1024),
    maxConnections: integer.pipe(z.number().int().min(1).max(10_000)).default(100),
  })
  .superRefine((o, ctx) => {
    if (o.port === undefined) return;
    if (!o.routesFile)
      ctx.addIssue({
        code: 'custom',
        path: ['routesFile'],
        message: 'MLLP_PORT is set: MLLP_ROUTES is required',
      });
    if (!!o.tlsCert !== !!o.tlsKey)
      ctx.addIssue({
        code: 'custom',
        path: ['tlsKey'],
        message: 'MLLP_TLS_CERT and MLLP_TLS_KEY go together',
      });
    if (o.tlsCa && !o.tlsCert)
      ctx.addIssue({
        code: 'custom',
        path: ['tlsCa'],
        message: 'MLLP_TLS_CA needs MLLP_TLS_CERT and MLLP_TLS_KEY',
      });
    if (o.delivery === 'fhir' && !o.fhirBase && !o.serviceFhirBase)
      ctx.addIssue({
        code: 'custom',
        path: ['delivery'],
        message: 'MLLP_DELIVERY=fhir needs MLLP_FHIR_BASE or FHIR_SERVER_BASE',
      });
  });

export type MllpOptions = z.output<typeof mllpOptionsSchema>;

export function mllpOptionsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  return pickEnv(env, {
    MLLP_PORT: 'port',
    MLLP_HOST: 'host',
    MLLP_ROUTES: 'routesFile',
    MLLP_TLS_CERT: 'tlsCert',
    MLLP_TLS_KEY: 'tlsKey',
    MLLP_TLS_CA: 'tlsCa',
    MLLP_DELIVERY: 'delivery',
    MLLP_FHIR_BASE: 'fhirBase',
    MLLP_FHIR_TOKEN: 'fhirToken',
    FHIR_SERVER_BASE: 'serviceFhirBase',
    FHIR_SERVER_AUTH_TYPE: 'serviceFhirAuth',
    FHIR_SERVER_UN: 'serviceFhirUser',
    FHIR_SERVER_PW: 'serviceFhirPassword',
    MLLP_NDJSON_FILE: 'ndjsonFile',
    MLLP_DEAD_LETTER_DIR: 'deadLetterDir',
    MLLP_DELIVERY_RETRIES: 'retries',
    MLLP_DELIVERY_BACKOFF_MS: 'backoffMs',
    MLLP_DELIVERY_TIMEOUT_MS: 'timeoutMs',
    MLLP_MAX_MESSAGE_BYTES: 'maxMessageBytes',
    MLLP_MAX_CONNECTIONS: 'maxConnections',
  });
}
