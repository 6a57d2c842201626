import type { AuthLayer } from '@mapx/plugin-api';
import { J, type OperationSpec } from './operation.js';

/** The auth layer's routes as the layer reports them, plus the policy builder. */
export function authOperations(layer: AuthLayer | null, policyBuilder: boolean): OperationSpec[] {
  const routes = (layer?.routes ?? []).filter((r) => r.method !== 'OPTIONS');
  const ops: OperationSpec[] = routes.map((r) => ({
    method: r.method.toLowerCase() as OperationSpec['method'],
    path: r.path,
    tag: 'Authentication',
    summary: describe(r.path),
    responses: responsesFor(r.path),
  }));
  if (policyBuilder) {
    ops.push({
      method: 'get',
      path: '/auth/policy/builder',
      tag: 'Authentication',
      summary: 'Offline HTML policy editor with YAML preview and request tester',
      responses: { '200': ['HTML page', { 'text/html': '' }] },
    });
  }
  return ops;
}

/** CORS preflights (OPTIONS) of the mediator endpoints are implied and not listed. */
function describe(path: string): string {
  if (path === '/.well-known/oauth-protected-resource') return 'RFC 9728 protected-resource metadata';
  if (path === '/auth/exchange')
    return 'Token mediator: exchange an authorization code (allowed origins only)';
  if (path === '/auth/refresh') return 'Token mediator: refresh tokens (allowed origins only)';
  return path;
}

function responsesFor(path: string): OperationSpec['responses'] {
  if (path === '/.well-known/oauth-protected-resource') return { '200': ['Metadata', J('object')] };
  return {
    '200': ["The identity provider's token response", J('object')],
    '400': ['Bad request (problem+json)', { 'application/problem+json': 'object' }],
    '403': ['Origin not allowed (problem+json)', { 'application/problem+json': 'object' }],
    '502': ['Identity provider failure (problem+json)', { 'application/problem+json': 'object' }],
  };
}
