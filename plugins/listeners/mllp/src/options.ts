import { z } from 'zod';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { pickEnv } from '@mapx/plugin-api';
import { integerOption as integer, optionalTextOption as text } from '@mapx/plugin-api/zod';
import { parseAllowList } from './server/admission.js';

/** MLLP_* variables (docs/configuration.md); `port` absent → no listener. */
export const mllpOptionsSchema = z
  .object({
    port: integer.pipe(z.number().int().min(0).max(65_535)).optional(),
    /** MLLP_HOST, else SERVER_HOST (the HTTP port's interface), else every interface as SERVER_HOST's default. */
    host: text,
    serviceHost: text,
    /** Sender addresses and CIDR ranges allowed to connect; absent → any. */
    allow: text,
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
    /** MAPX_DATA_DIR: where the listener's files go unless named (never the working directory). */
    dataDir: text,
    ndjsonFile: text,
    deadLetterDir: text,
    deadLetterMaxBytes: integer.pipe(z.number().int().min(0)).default(1024 * 1024 * 1024),
    deadLetterMaxFiles: integer.pipe(z.number().int().min(0)).default(10_000),
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
    maxConnectionsPerAddress: integer.pipe(z.number().int().min(1).max(10_000)).default(20),
    idleTimeoutMs: integer.pipe(z.number().int().min(100).max(86_400_000)).default(60_000),
    tlsHandshakeTimeoutMs: integer.pipe(z.number().int().min(100).max(600_000)).default(10_000),
  })
  .superRefine((o, ctx) => {
    if (o.port === undefined) return;
    if (o.allow !== undefined) {
      try {
        parseAllowList(o.allow);
      } catch (err) {
        ctx.addIssue({ code: 'custom', path: ['allow'], message: `MLLP_ALLOW: ${(err as Error).message}` });
      }
    }
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

/** The interface the listener binds: MLLP_HOST, else SERVER_HOST's value, else SERVER_HOST's default. */
export function listenHost(o: MllpOptions): string {
  return o.host ?? o.serviceHost ?? '0.0.0.0';
}

/** MAPX_DATA_DIR, else `~/.mapx`: patient data never lands wherever the service happened to be started. */
export function dataDir(o: MllpOptions): string {
  return resolve(o.dataDir ?? join(homedir(), '.mapx'));
}

export function ndjsonFile(o: MllpOptions): string {
  return resolve(o.ndjsonFile ?? join(dataDir(o), 'mllp', 'results.ndjson'));
}

export function deadLetterDir(o: MllpOptions): string {
  return resolve(o.deadLetterDir ?? join(dataDir(o), 'mllp', 'dead-letter'));
}

export function mllpOptionsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  return pickEnv(env, {
    MLLP_PORT: 'port',
    MLLP_HOST: 'host',
    SERVER_HOST: 'serviceHost',
    MLLP_ALLOW: 'allow',
    MAPX_DATA_DIR: 'dataDir',
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
    MLLP_MAX_CONNECTIONS_PER_ADDRESS: 'maxConnectionsPerAddress',
    MLLP_IDLE_TIMEOUT_MS: 'idleTimeoutMs',
    MLLP_TLS_HANDSHAKE_TIMEOUT_MS: 'tlsHandshakeTimeoutMs',
    MLLP_DEAD_LETTER_MAX_BYTES: 'deadLetterMaxBytes',
    MLLP_DEAD_LETTER_MAX_FILES: 'deadLetterMaxFiles',
  });
}
