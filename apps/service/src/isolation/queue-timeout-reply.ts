import { errorReply } from '@mapx/api';
import type { EvaluationReply } from '../eval/run-evaluation.js';

/** 503 with Retry-After: no evaluation thread came free within MAPX_EVAL_QUEUE_TIMEOUT_MS. */
export function queueTimeoutReply(waitMs: number): EvaluationReply {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  const { status, body } = errorReply('EVAL_QUEUE_TIMEOUT', {
    params: { waitMs: String(waitMs), retryAfter: String(retryAfter) },
  });
  return { status, body, retryAfterSeconds: retryAfter };
}
