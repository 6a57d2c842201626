import {
  SERVICE_ERRORS,
  serviceErrorMessage,
  type MessageParams,
  type ServiceErrorCode,
} from './service-errors.js';
import { mapxErrorPayload } from './mapx-error-payload.js';

export interface ErrorOptions {
  readonly params?: MessageParams;
  /** Appended to the message in parentheses (the id asked for, …). */
  readonly note?: string;
  /** Extra members after `message` and `code` (a parse position, …); `service` bodies only. */
  readonly details?: Readonly<Record<string, unknown>>;
  /** A foreign code kept on the wire: a normaliser's issue code, a Fastify `FST_ERR_*` code. */
  readonly wireCode?: string;
  /** The status of a foreign failure, when it carries its own. */
  readonly status?: number;
  /** `mapx-error` bodies: the `name`, `line` and `position` members. */
  readonly name?: string;
  readonly line?: number;
  readonly position?: number;
}

export interface ErrorReply {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** The one builder of an error answer: status and body from a catalogue code, in the code's wire shape. */
export function errorReply(code: ServiceErrorCode, options: ErrorOptions = {}): ErrorReply {
  const entry = SERVICE_ERRORS[code];
  const base = serviceErrorMessage(code, options.params);
  const message = options.note ? `${base} (${options.note})` : base;
  const wireCode = options.wireCode ?? code;
  const status = options.status ?? entry.status;
  switch (entry.shape) {
    case 'enterprise':
      return { status, body: { message } };
    case 'mapx-error':
      return {
        status,
        body: {
          ...mapxErrorPayload({
            message,
            code: wireCode,
            name: options.name ?? 'BadRequest',
            line: options.line,
            position: options.position,
          }),
        },
      };
    default:
      return { status, body: { message, code: wireCode, ...options.details } };
  }
}
