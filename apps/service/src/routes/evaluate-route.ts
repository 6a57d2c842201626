import type { NormalizeWarning } from '@mapx/plugin-api';
import { evaluateRoute as contract } from '@mapx/api';
import type { FastifyInstance } from 'fastify';
import { isVerbose } from '../http/verbose-flag.js';
import { isExplain } from '../http/explain-flag.js';
import { sendEvaluation } from '../http/reply/send-evaluation.js';
import { errorOutcome } from '../http/reply/error-reply.js';
import { inputFailure } from '../http/input-failure.js';
import { runEvaluation } from '../eval/run-evaluation.js';
import { syntheticReport } from '../eval/wire-report.js';
import { isPending } from '../normalize/input-dispatcher.js';
import { zodRoutes } from './zod-routes.js';

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
      const noExpr = syntheticReport(400, {
        code: 'NO_EXPRESSION',
        message: 'Missing expression',
        severity: 1,
        level: 'error',
      });
      return sendEvaluation(reply, verbose ? { status: 400, body: noExpr } : errorOutcome('NO_EXPRESSION'));
    }
    let input: unknown = null;
    let inputWarnings: readonly NormalizeWarning[] | undefined;
    if ('input' in body) {
      const pending = app.mapx.dispatcher.normalize(body.contentType, body.input, false);
      const result = isPending(pending) ? await pending : pending;
      if (!result.ok) return sendEvaluation(reply, inputFailure(result, verbose));
      input = result.value;
      inputWarnings = result.warnings;
    }
    const req = {
      source: body.mapx,
      input,
      verbose,
      ...(explain ? { explain, ...(body.contentType ? { inputType: body.contentType } : {}) } : {}),
      lowerCollect: true,
      ...(inputWarnings ? { inputWarnings } : {}),
    };
    return sendEvaluation(reply, await runEvaluation(app.mapx, req));
  });
}
