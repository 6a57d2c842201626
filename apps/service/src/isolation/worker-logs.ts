import type * as Pino from 'pino';
import type { Logger } from 'pino';
import { parentPort } from 'node:worker_threads';
import { requireCommonJs } from '../require-commonjs.js';

/** A worker's log line, posted to main, which writes it to its own log destination unchanged. */
export interface WorkerLogMessage {
  readonly mapxEvalLog: string;
}

export function isWorkerLog(message: unknown): message is WorkerLogMessage {
  return typeof message === 'object' && message !== null && 'mapxEvalLog' in message;
}

/** The destination of a worker's logger: every line goes to main, so it lands where main's own lines do. */
export const toMainThread = {
  write(line: string): void {
    parentPort?.postMessage({ mapxEvalLog: line } satisfies WorkerLogMessage);
  },
};

/** Writes a worker's line to the destination of `logger` (the configured stream: stdout, or a test's sink). */
export function writeToDestination(logger: Logger, line: string): void {
  const { symbols } = requireCommonJs('pino') as typeof Pino;
  const stream = (logger as unknown as Record<symbol, { write(s: string): void } | undefined>)[
    symbols.streamSym
  ];
  stream?.write(line);
}
