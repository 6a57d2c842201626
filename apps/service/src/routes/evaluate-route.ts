import type { NormalizeWarning } from '@mapx/plugin-api';
import { evaluateRoute as contract } from '@mapx/api';
import type { FastifyInstance } from 'fastify';
import { isVerbose } from '../http/verbose-flag.js';
import { isExplain } from '../http/explain-flag.js';
import { sendEvaluation } from '../http/reply/send-evaluation.js';
import { runEvaluation } from '../evaluation/run-evaluation.js';
import { inputFailure, serviceFailure } from '../eval/failures.js';
import type { EvaluationFailure } from '../eval/outcome.js';
import type { EvaluationRequest } from '../eval/evaluation-request.js';
import { isPending } from '../normalize/input-dispatcher.js';
import { zodRoutes } from '../http/zod-routes.js';
import { ndjsonType, sendNdjsonInput } from './ndjson-execute.js';

/** POST / — ad-hoc evaluation (interface spec; mapping-language §9.4). */
export async function evaluateRoute(app: FastifyInstance): Promise<void> {
  // a body the contract refuses (no string mapx) answers NO_EXPRESSION, as a blank mapx does
  const options = { schema: { body: contract.validatedBody }, attachValidation: true };
  zodRoutes(app).post(contract.url, options, async (request, reply) => {
    const body = request.body;
    // explain answers with the verbose report (its `explain` section), verbose asked for or not
    const explain = !request.validationError && isExplain(request.query, body);
    const verbose = explain || isVerbose(request.query);
    if (request.validationError || body.mapx.trim() === '') {
      const entry = { code: 'NO_EXPRESSION', message: 'Missing expression', severity: 1, level: 'error' };
      return sendEvaluation(reply, serviceFailure('request', 'NO_EXPRESSION', undefined, entry), verbose);
    }
    const ndjson = ndjsonType(body.contentType);
    if (ndjson !== undefined) {
      if (typeof body.input === 'string')
        return sendNdjsonInput(app, reply, { source: body.mapx, input: body.input, type: ndjson, verbose });
      return sendEvaluation(reply, notText(ndjson), verbose);
    }
    let input: unknown = null;
    let inputWarnings: readonly NormalizeWarning[] | undefined;
    if ('input' in body) {
      const pending = app.mapx.dispatcher.normalize(body.contentType, body.input, false);
      const result = isPending(pending) ? await pending : pending;
      if (!result.ok) return sendEvaluation(reply, inputFailure(result), verbose);
      input = result.value;
      inputWarnings = result.warnings;
    }
    // the plain request as a literal: spreads of small objects are a slow path in V8, on every request
    const req: EvaluationRequest =
      explain || inputWarnings
        ? {
            source: body.mapx,
            input,
            verbose,
            ...(explain ? { explain, ...(body.contentType ? { inputType: body.contentType } : {}) } : {}),
            lowerCollect: true,
            ...(inputWarnings ? { inputWarnings } : {}),
          }
        : { source: body.mapx, input, verbose, lowerCollect: true };
    return sendEvaluation(reply, await runEvaluation(app.mapx, req), verbose);
  });
}

/** NDJSON lines come as one string: any other input is refused with its own code (a report in verbose mode). */
function notText(contentType: string): EvaluationFailure {
  const options = { params: { contentType } };
  const { message } = serviceFailure('request', 'NDJSON_INPUT_NOT_TEXT', options);
  const entry = { code: 'NDJSON_INPUT_NOT_TEXT', message, severity: 1, level: 'error' };
  return serviceFailure('request', 'NDJSON_INPUT_NOT_TEXT', options, entry);
}
