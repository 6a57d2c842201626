import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { executeMappingRoute, executeMappingSubrouteRoute, putMappingSubrouteRoute } from '@mapx/api';
import { isVerbose } from '../http/verbose-flag.js';
import { isExplain } from '../http/explain-flag.js';
import { sendEvaluation } from '../http/reply/send-evaluation.js';
import { httpInvocation, subroute, type ExecRequest } from './http-invocation.js';
import { runEvaluation } from '../evaluation/run-evaluation.js';
import { savedMappingSource } from '../evaluation/saved-mapping.js';
import type { EvaluationOutcome } from '../eval/outcome.js';
import { updateMapping } from './mapping-write-routes.js';
import { isBlank } from '../normalize/is-blank.js';
import { installNdjsonParser, isNdjsonBody, sendNdjson } from './ndjson-execute.js';

/** POST /Mapping/:id, and POST|PUT /Mapping/:id/<any segments> — run a saved mapping on the raw body. */
export async function mappingExecuteRoutes(app: FastifyInstance): Promise<void> {
  installNdjsonParser(app);
  const handler = async (request: ExecRequest, reply: FastifyReply) => {
    const explain = isExplain(request.query);
    const verbose = explain || isVerbose(request.query);
    const run = () => execute(app, request, explain, verbose);
    return isNdjsonBody(request.body)
      ? sendNdjson(app, request, reply, async () => sendEvaluation(reply, await run(), verbose))
      : sendEvaluation(reply, await run(), verbose);
  };
  // the body is bytes (a catch-all parser): decoded and normalised by the evaluation, not validated here
  app.post(executeMappingRoute.url, handler);
  app.post(executeMappingSubrouteRoute.url, handler);
  // spec: PUT with no segment after the id is always a mapping update (an enterprise write), never a transform
  const config = {
    enterpriseWhen: (r: FastifyRequest) => subroute(r as ExecRequest).length === 0,
    feature: 'mapping writes',
  };
  app.put(putMappingSubrouteRoute.url, { config }, async (request: ExecRequest, reply) => {
    if (subroute(request).length === 0) return updateMapping(app, request, reply);
    return handler(request, reply);
  });
}

async function execute(
  app: FastifyInstance,
  request: ExecRequest,
  explain: boolean,
  verbose: boolean,
): Promise<EvaluationOutcome> {
  const source = savedMappingSource(app.mapx.mappings.current(), request.params.mappingId);
  if (typeof source !== 'string') return source;
  const raw = request.body instanceof Uint8Array ? request.body : undefined;
  // decoded and normalised where the evaluation runs (an evaluation worker thread: bytes are cheaper to hand over)
  const rawInput =
    raw && !isBlank(raw) ? { contentType: request.headers['content-type'], bytes: raw } : undefined;
  const mapxHttpInvocation = httpInvocation(request);
  // `return await`: an async function that returns a promise adopts it two microtask ticks later
  return await runEvaluation(app.mapx, {
    source,
    input: null,
    ...(rawInput ? { rawInput } : {}),
    verbose,
    ...(explain ? { explain, ...(rawInput?.contentType ? { inputType: rawInput.contentType } : {}) } : {}),
    lowerCollect: false,
    bindings: { mapxHttpInvocation },
  });
}
