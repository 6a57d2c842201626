import type { Readable } from 'node:stream';
import { errorReply, serviceErrorMessage, type ServiceErrorCode } from '@mapx/api';
import type { MapxServices } from '../services.js';
import { OrderedWindow } from '../stream/ordered-window.js';
import { splitLines } from '../stream/split-lines.js';
import { runEvaluation } from '../evaluation/run-evaluation.js';
import type { EvaluationOutcome } from '../eval/outcome.js';
import { syntheticReport } from '../eval/wire-report.js';
import { evaluationAnswer, evaluationStatus } from '../http/reply/evaluation-answer.js';

const EXPIRED = Symbol('expired');

/** Lines in flight per evaluation thread: enough to keep every thread busy, few enough to keep memory flat. */
const IN_FLIGHT_PER_THREAD = 16;

export interface NdjsonRequest {
  readonly source: string;
  readonly body: Readable;
  /** The largest single line (MAPX_NDJSON_LINE_LIMIT): a longer one fails alone, unread. */
  readonly maxLineBytes: number;
  /** MAPX_NDJSON_MAX_DURATION_MS: then the body is no longer read, and one last line says where it stopped. */
  readonly maxDurationMs: number;
  /** Each output line is the line's verbose report (the `verbose` query parameter). */
  readonly verbose: boolean;
  /** POST /'s lowered collect level in non-verbose mode (mapping-language §9.4 step 4). */
  readonly lowerCollect: boolean;
  readonly bindings?: Readonly<Record<string, unknown>>;
}

interface Line {
  readonly number: number;
  readonly bytes: Buffer | undefined;
}

/**
 * Maps each non-blank line of an NDJSON body on its own (as a JSON body of its own) and yields one output line per
 * input line, in input order: the result, `null` for an undefined result, or `{"error":{…}}` where the line failed;
 * in verbose mode, each line's verbose report. Lines are mapped concurrently (the evaluation pool) with a bounded
 * window, and the body is only read as fast as the response is consumed: memory stays flat in the size of the body.
 */
export async function* mapNdjsonLines(services: MapxServices, req: NdjsonRequest): AsyncGenerator<string> {
  const ready: string[] = [];
  const map = (line: Line) => mapLine(services, req, line);
  const threads = services.evalPool ? services.config.eval.threads : 1;
  const window = new OrderedWindow<Line, string>(threads * IN_FLIGHT_PER_THREAD, map, (_line, out) =>
    ready.push(out),
  );
  // a body sent slowly, or lines mapped slowly, must not hold a request (and its lines' memory) forever; the
  // caller closes the connection of a body left unread (ndjson-execute.ts)
  let expired = false;
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<typeof EXPIRED>((resolve) => {
    timer = setTimeout(() => resolve(EXPIRED), req.maxDurationMs);
  });
  const lines = splitLines(req.body, req.maxLineBytes, () => undefined)[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await Promise.race([lines.next(), expiry]);
      if (next === EXPIRED) {
        expired = true;
        break;
      }
      if (next.done) break;
      const line = next.value;
      last = line.number;
      if (line.bytes !== undefined && line.bytes.toString('latin1').trim() === '') continue;
      await window.push(line);
      if (ready.length > 0) yield ready.splice(0).join('');
    }
  } finally {
    clearTimeout(timer);
  }
  await window.finish();
  if (expired) {
    const params = { limit: req.maxDurationMs, line: last + 1 };
    ready.push(failed(req, { number: last + 1, bytes: undefined }, 'NDJSON_TIME_LIMIT', params));
  }
  if (ready.length > 0) yield ready.join('');
}

async function mapLine(services: MapxServices, req: NdjsonRequest, line: Line): Promise<string> {
  if (line.bytes === undefined) return failed(req, line, 'LINE_TOO_LARGE', { limit: req.maxLineBytes });
  let outcome: EvaluationOutcome;
  try {
    outcome = await runEvaluation(services, {
      source: req.source,
      input: null,
      rawInput: { contentType: 'application/json', bytes: line.bytes },
      verbose: req.verbose,
      lowerCollect: req.lowerCollect,
      ...(req.bindings ? { bindings: req.bindings } : {}),
    });
  } catch (err) {
    return failed(req, line, 'EVALUATION_FAILED', {
      detail: err instanceof Error ? err.message : String(err),
    });
  }
  // a verbose report is the line's answer whatever its status, as the same input posted alone would get it
  if (!outcome.ok && !req.verbose)
    return errorLine(line.number, evaluationStatus(outcome), outcome.code, outcome.message);
  const answer = evaluationAnswer(outcome, req.verbose);
  const json = answer.json ?? (answer.body === undefined ? undefined : JSON.stringify(answer.body));
  return `${json === undefined || json === '' ? 'null' : json}\n`;
}

/** A line that failed before any evaluation: its error object, or in verbose mode a synthetic report. */
function failed(
  req: NdjsonRequest,
  line: Line,
  code: ServiceErrorCode,
  params: Readonly<Record<string, string | number>>,
): string {
  const { status } = errorReply(code, { params });
  const message = serviceErrorMessage(code, params);
  if (!req.verbose) return errorLine(line.number, status, code, message);
  const report = syntheticReport(status, { code, message, line: line.number, severity: 0, level: 'fatal' });
  return `${JSON.stringify(report)}\n`;
}

function errorLine(line: number, status: number, code: string, message: string): string {
  return `${JSON.stringify({ error: { line, status, code, message } })}\n`;
}
