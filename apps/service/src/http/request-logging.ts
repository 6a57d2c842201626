import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { fastify } from './fastify-module.js';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';
import { requestPath } from './request-target.js';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogCall = (obj: unknown, msg?: string, ...args: unknown[]) => void;

/**
 * The per-request logger Fastify hands out as `request.log`, created only when something is actually logged:
 * a pino child per request (request id bindings) cost more than a small evaluation, and most requests log
 * nothing once request logging is a single completion line written through the root logger.
 */
export class LazyRequestLogger {
  private real: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
  ) {}

  get level(): string {
    return this.real?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.materialize().level = level;
  }

  fatal(...args: Parameters<LogCall>): void {
    this.log('fatal', args);
  }
  error(...args: Parameters<LogCall>): void {
    this.log('error', args);
  }
  warn(...args: Parameters<LogCall>): void {
    this.log('warn', args);
  }
  info(...args: Parameters<LogCall>): void {
    this.log('info', args);
  }
  debug(...args: Parameters<LogCall>): void {
    this.log('debug', args);
  }
  trace(...args: Parameters<LogCall>): void {
    this.log('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.materialize().child(bindings, options);
  }

  isLevelEnabled(level: string): boolean {
    return (this.real ?? this.parent).isLevelEnabled(level);
  }

  private log(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    (this.materialize()[level] as (...a: unknown[]) => void)(...args);
  }

  private materialize(): Logger {
    this.real ??= this.parent.child(this.bindings);
    return this.real;
  }
}

interface LogControllerLike {
  requestCompleted(error: unknown, request: FastifyRequest, reply: FastifyReply): void;
}
type LogControllerClass = new (options: { disableRequestLogging?: boolean }) => LogControllerLike;

/**
 * Request logging: one compact line per completed request at `info` (request id, method, path without the query,
 * status, milliseconds) instead of Fastify's two (incoming + completed, each serialising the request), written
 * through the root logger; failed requests keep Fastify's own error line. Fastify options for `buildApp`.
 */
export function requestLoggingOptions(
  logger: Logger,
): Pick<FastifyServerOptions, 'logController' | 'childLoggerFactory' | 'disableRequestLogging'> {
  const Base = (fastify() as unknown as { LogController?: LogControllerClass }).LogController;
  if (!Base) return { disableRequestLogging: true }; // older Fastify 5: no completion line, no per-request cost
  class CompactLogController extends Base {
    incomingRequest(): void {}
    override requestCompleted(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
      // a client's mistake is not the service's error: 4xx stay below error level so alerts mean something
      if (error && reply.statusCode >= 500) return super.requestCompleted(error, request, reply);
      if (!logger.isLevelEnabled('info')) return;
      logger.info(
        {
          reqId: request.id,
          method: request.method,
          path: requestPath(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          ...(error ? { code: (error as { code?: unknown }).code } : {}),
        },
        'request completed',
      );
    }
  }
  return {
    logController: new CompactLogController({}) as unknown as NonNullable<
      FastifyServerOptions['logController']
    >,
    childLoggerFactory: lazyChildLoggerFactory as NonNullable<FastifyServerOptions['childLoggerFactory']>,
  };
}

function lazyChildLoggerFactory(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options && Object.keys(options).length > 0) return parent.child(bindings, options);
  return new LazyRequestLogger(parent as Logger, bindings) as unknown as FastifyBaseLogger;
}
