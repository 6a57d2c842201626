import type { NormalizeWarning } from '@mapx/plugin-api';
import type { FastifyInstance } from 'fastify';
import { isVerbose } from '../http/verbose-flag.js';
import { sendEvaluation } from '../http/send-evaluation.js';
import { inputFailure } from '../http/input-failure.js';
import { runEvaluation } from '../eval/run-evaluation.js';
import { syntheticReport } from '../eval/wire-report.js';
import { isPending } from '../normalize/input-dispatcher.js';

const NO_EXPRESSION = {
  __isMapxError: true,
  __isFlashError: false,
  message: 'No expression was provided (mapx). Nothing to evaluate.',
  code: 'NO_EXPRESSION',
  name: 'BadRequest',
  value: '',
  token: '',
  cause: '',
  line: '',
  start: '',
  position: '',
};

/** POST / — ad-hoc evaluation (interface spec; mapping-language §9.4). */
export async function evaluateRoute(app: FastifyInstance): Promise<void> {
  app.post('/', async (request, reply) => {
    const verbose = isVerbose(request.query);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const source = typeof body === 'object' && !Array.isArray(body) ? body.mapx : undefined;
    if (typeof source !== 'string' || source.trim() === '') {
      const noExpr = syntheticReport(400, {
        code: 'NO_EXPRESSION',
        message: 'Missing expression',
        severity: 1,
        level: 'error',
      });
      return sendEvaluation(reply, { status: 400, body: verbose ? noExpr : NO_EXPRESSION });
    }
    let input: unknown = null;
    let inputWarnings: readonly NormalizeWarning[] | undefined;
    if ('input' in body) {
      const contentType = typeof body.contentType === 'string' ? body.contentType : undefined;
      const pending = app.mapx.dispatcher.normalize(contentType, body.input, false);
      const result = isPending(pending) ? await pending : pending;
      if (!result.ok) return sendEvaluation(reply, inputFailure(result, verbose));
      input = result.value;
      inputWarnings = result.warnings;
    }
    const req = { source, input, verbose, lowerCollect: true, ...(inputWarnings ? { inputWarnings } : {}) };
    return sendEvaluation(reply, await runEvaluation(app.mapx, req));
  });
}
