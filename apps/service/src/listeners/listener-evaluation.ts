import type { ListenerEvaluation, ListenerWarning } from '@mapx/plugin-api';
import type { EvaluationReply } from '../eval/run-evaluation.js';

/** Codes of an input a normaliser or the media-type dispatch refused (the listener answers those as rejects). */
const INPUT_STATUSES = new Set([400, 413, 415]);

/** An evaluation reply as a listener sees it: the result, or the failure's code and message. */
export function listenerEvaluation(reply: EvaluationReply): ListenerEvaluation {
  const body = reply.json !== undefined ? (JSON.parse(reply.json) as unknown) : reply.body;
  if (reply.status < 400) return { ok: true, result: body, warnings: (reply.warnings ?? []).map(warningOf) };
  const fields = isRecord(body) ? body : {};
  const code = typeof fields.code === 'string' ? fields.code : `http-${reply.status}`;
  const message = typeof fields.message === 'string' ? fields.message : `HTTP status ${reply.status}`;
  const inputRejected = INPUT_STATUSES.has(reply.status) || fields.name === 'InputError';
  return { ok: false, status: reply.status, code, message, inputRejected };
}

/** A `Warning` header value (`199 mapx "CODE: message"`) back as code and message. */
function warningOf(header: string): ListenerWarning {
  const quoted = /^199 mapx (".*")$/.exec(header)?.[1];
  const text = quoted === undefined ? header : (JSON.parse(quoted) as string);
  const colon = text.indexOf(': ');
  return colon < 0
    ? { code: 'WARNING', message: text }
    : { code: text.slice(0, colon), message: text.slice(colon + 2) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
