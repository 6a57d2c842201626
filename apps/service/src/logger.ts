import { pino, type Logger } from 'pino';

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
  return destination ? pino(options, destination as pino.DestinationStream) : pino(options);
}
