import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ListenerState } from '@mapx/plugin-api';
import { listenerStates } from './start-listeners.js';

/** Whose rule decides who sees a listener's details: the same audience as the service's own telemetry. */
const DETAILS_RULE = { method: 'GET', path: '/metrics' } as const;

/**
 * The `listeners` of `GET /`. A listener's state names its interface, port, delivery target and files: with
 * tokens required, only callers the policy lets read `GET /metrics` see it; anyone else sees id and status.
 */
export async function visibleListenerStates(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<ListenerState[]> {
  const states = listenerStates(app);
  const layer = app.mapx.plugins.auth;
  if (states.length === 0 || !layer || layer.mode !== 'auth-required') return states;
  const decision = await layer.authorize({
    ...DETAILS_RULE,
    headers: request.headers,
    query: {},
    body: undefined,
  });
  if (decision.allow) return states;
  return states.map(({ id, status }) => ({ id, status }));
}
