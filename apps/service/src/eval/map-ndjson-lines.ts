import type { Readable } from 'node:stream';
import type { MapxServices } from '../services.js';
import { OrderedWindow } from '../stream/ordered-window.js';
import { splitLines } from '../stream/split-lines.js';
import { runEvaluation } from './run-evaluation.js';

/** Lines in flight per evaluation thread: enough to keep every thread busy, few enough to keep memory flat. */
const IN_FLIGHT_PER_THREAD = 16;

export interface NdjsonRequest {
  readonly source: string;
  readonly body: Readable;
  /** The largest single line (MAPX_REQUEST_BODY_LIMIT): a longer one fails alone, unread. */
  readonly maxLineBytes: number;
  readonly bindings?: Readonly<Record<string, unknown>>;
}

interface Line {
  readonly number: number;
  readonly bytes: Buffer | undefined;
}

/**
 * Maps each non-blank line of an NDJSON body on its own (as a JSON body of its own) and yields one output line per
 * input line, in input order: the result, `null` for an undefined result, or `{"error":{…}}` where the line failed.
 * Lines are mapped concurrently (the evaluation pool) with a bounded window, and the body is only read as fast as
 * the response is consumed: memory stays flat in the size of the body.
 */
export async function* mapNdjsonLines(services: MapxServices, req: NdjsonRequest): AsyncGenerator<string> {
  const ready: string[] = [];
  const map = (line: Line) => mapLine(services, req, line);
  const threads = services.evalPool ? services.config.eval.threads : 1;
  const window = new OrderedWindow<Line, string>(threads * IN_FLIGHT_PER_THREAD, map, (_line, out) =>
    ready.push(out),
  );
  for await (const line of splitLines(req.body, req.maxLineBytes, () => undefined)) {
    if (line.bytes !== undefined && line.bytes.toString('latin1').trim() === '') continue;
    await window.push(line);
    if (ready.length > 0) yield ready.splice(0).join('');
  }
  await window.finish();
  if (ready.length > 0) yield ready.join('');
}

async function mapLine(services: MapxServices, req: NdjsonRequest, line: Line): Promise<string> {
  if (line.bytes === undefined)
    return errorLine(line.number, 413, 'LINE_TOO_LARGE', `The line is larger than ${req.maxLineBytes} bytes`);
  try {
    const reply = await runEvaluation(services, {
      source: req.source,
      input: null,
      rawInput: { contentType: 'application/json', bytes: line.bytes },
      verbose: false,
      lowerCollect: false,
      ...(req.bindings ? { bindings: req.bindings } : {}),
    });
    const json = reply.json ?? (reply.body === undefined ? undefined : JSON.stringify(reply.body));
    if (reply.status === 200) return `${json === undefined || json === '' ? 'null' : json}\n`;
    const body = parse(json);
    return errorLine(line.number, reply.status, field(body, 'code') ?? 'ERROR', field(body, 'message') ?? '');
  } catch (err) {
    return errorLine(line.number, 500, 'EVALUATION_FAILED', err instanceof Error ? err.message : String(err));
  }
}

function errorLine(line: number, status: number, code: string, message: string): string {
  return `${JSON.stringify({ error: { line, status, code, message } })}\n`;
}

function parse(json: string | undefined): unknown {
  try {
    return json === undefined ? undefined : JSON.parse(json);
  } catch {
    return undefined;
  }
}

function field(body: unknown, name: string): string | undefined {
  return typeof body === 'object' && body !== null && Object.hasOwn(body, name)
    ? String((body as Record<string, unknown>)[name])
    : undefined;
}
