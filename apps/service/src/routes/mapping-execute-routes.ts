import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { executeMappingRoute, executeMappingSubrouteRoute, putMappingSubrouteRoute } from '@mapx/api';
import { isVerbose } from '../http/verbose-flag.js';
import { isExplain } from '../http/explain-flag.js';
import { sendEvaluation } from '../http/reply/send-evaluation.js';
import { errorOutcome } from '../http/reply/error-reply.js';
import { httpInvocation, subroute, type ExecRequest } from './http-invocation.js';
import { runEvaluation, type EvaluationReply } from '../eval/run-evaluation.js';
import { syntheticReport } from '../eval/wire-report.js';
import { updateMapping } from './mapping-write-routes.js';
import { notServedAnswer } from '../mappings/not-served.js';
import { isBlank } from '../normalize/is-blank.js';
import { installNdjsonParser, isNdjsonBody, sendNdjson } from './ndjson-execute.js';

/** POST /Mapping/:id, and POST|PUT /Mapping/:id/<any segments> — run a saved mapping on the raw body. */
export async function mappingExecuteRoutes(app: FastifyInstance): Promise<void> {
  installNdjsonParser(app);
  const handler = async (request: ExecRequest, reply: FastifyReply) =>
    isNdjsonBody(request.body)
      ? sendNdjson(app, request, reply, () => execute(app, request))
      : sendEvaluation(reply, await execute(app, request));
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

async function execute(app: FastifyInstance, request: ExecRequest): Promise<EvaluationReply> {
  const explain = isExplain(request.query);
  const verbose = explain || isVerbose(request.query);
  const { mappingId } = request.params;
  const view = app.mapx.mappings.current();
  const source = view.mappings.get(mappingId);
  if (source === undefined) {
    const answer = notServedAnswer(view, mappingId);
    if (!verbose) return answer;
    const { code, message } = answer.body as { code: string; message: string };
    // the verbose report has always said just "Mapping not found" for an unknown id
    const text = code === 'MAPPING_NOT_FOUND' ? 'Mapping not found' : message;
    const notFound = syntheticReport(404, { code, message: text, severity: 1, level: 'error' });
    return { status: 404, body: notFound };
  }
  if (source.trim() === '') return errorOutcome('EMPTY_MAPPING');
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
