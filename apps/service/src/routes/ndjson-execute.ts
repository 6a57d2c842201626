import { Readable } from 'node:stream';
import { NDJSON_MEDIA_TYPES } from '@mapx/api';
import { parseMediaType } from '@mapx/plugin-api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { mapNdjsonLines, type NdjsonRequest } from './map-ndjson-lines.js';
import { isVerbose } from '../http/verbose-flag.js';
import { httpInvocation, type ExecRequest } from './http-invocation.js';

/** NDJSON bodies: one input per line, mapped line by line, answered as an NDJSON stream (docs/bulk.md). */
export const NDJSON_TYPES: readonly string[] = NDJSON_MEDIA_TYPES;

/** Leaves an NDJSON body unread (a stream) in this scope: it is consumed line by line, never buffered whole. */
export function installNdjsonParser(app: FastifyInstance): void {
  app.addContentTypeParser([...NDJSON_TYPES], (_req, payload, done) => done(null, payload));
}

export function isNdjsonBody(body: unknown): body is Readable {
  return body instanceof Readable;
}

/** The NDJSON media type `contentType` names (parameters ignored), or undefined. */
export function ndjsonType(contentType: string | undefined): string | undefined {
  const essence = contentType === undefined ? undefined : parseMediaType(contentType)?.essence;
  return essence !== undefined && NDJSON_TYPES.includes(essence) ? essence : undefined;
}

/**
 * POST /Mapping/{id} with an NDJSON body. An unknown or empty mapping gets the answer a single input gets
 * (`fallback` sends it); otherwise 200 and one output line per input line, in order. Each line sees `$mapxHttpInvocation`
 * and honours `verbose` as the same input posted alone would.
 */
export async function sendNdjson(
  app: FastifyInstance,
  request: ExecRequest,
  reply: FastifyReply,
  fallback: () => Promise<FastifyReply>,
): Promise<FastifyReply> {
  const body = request.body as Readable;
  const source = app.mapx.mappings.current().mappings.get(request.params.mappingId);
  if (source === undefined || source.trim() === '') {
    body.resume();
    return fallback();
  }
  const type = ndjsonType(request.headers['content-type']) ?? (NDJSON_TYPES[0] as string);
  return streamLines(app, reply, type, {
    source,
    body,
    maxLineBytes: app.mapx.config.server.ndjsonLineLimit,
    maxDurationMs: app.mapx.config.server.ndjsonMaxDurationMs,
    verbose: isVerbose(request.query),
    lowerCollect: false,
    bindings: { mapxHttpInvocation: httpInvocation(request) },
  });
}

/** POST / with an NDJSON `contentType`: the lines of the `input` string, answered as on POST /Mapping/{id}. */
export function sendNdjsonInput(
  app: FastifyInstance,
  reply: FastifyReply,
  req: { source: string; input: string; type: string; verbose: boolean },
): FastifyReply {
  return streamLines(app, reply, req.type, {
    source: req.source,
    body: Readable.from(utf8Chunks(req.input)),
    maxLineBytes: app.mapx.config.server.ndjsonLineLimit,
    maxDurationMs: app.mapx.config.server.ndjsonMaxDurationMs,
    verbose: req.verbose,
    lowerCollect: true,
  });
}

function streamLines(
  app: FastifyInstance,
  reply: FastifyReply,
  type: string,
  req: NdjsonRequest,
): FastifyReply {
  const lines = mapNdjsonLines(app.mapx, req);
  // answered before the body was read to its end (MAPX_NDJSON_MAX_DURATION_MS): its sender is not waited for
  reply.raw.once('finish', () => {
    if (!req.body.readableEnded) req.body.destroy();
  });
  return reply.code(200).type(`${type}; charset=utf-8`).send(Readable.from(lines));
}

const CHUNK_CHARS = 64 * 1024;

/** A string as UTF-8 chunks, encoded as they are read (never cut inside a surrogate pair). */
function* utf8Chunks(text: string): Generator<Buffer> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + CHUNK_CHARS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield Buffer.from(text.slice(start, end), 'utf8');
    start = end;
  }
}
