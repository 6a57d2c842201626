import type * as Pino from 'pino';
import type { DestinationStream, Logger } from 'pino';
import { requireCommonJs } from './require-commonjs.js';

const { pino } = requireCommonJs('pino') as typeof Pino;

/** Paths whose values never reach the logs. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.secret',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.client_secret',
  '*.authorization',
];

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[REDACTED]' }, base: { service: 'mapx' } };
  return destination ? pino(options, destination as DestinationStream) : pino(options);
}
