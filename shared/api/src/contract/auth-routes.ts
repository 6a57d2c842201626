import { html, jsonObject, json, problem } from './common.js';
import type { HttpMethod, RouteContract } from './route-contract.js';

const tag = 'Authentication';

const SUMMARIES: Readonly<Record<string, string>> = {
  '/.well-known/oauth-protected-resource': 'RFC 9728 protected-resource metadata',
  '/auth/exchange': 'Token mediator: exchange an authorization code (allowed origins only)',
  '/auth/refresh': 'Token mediator: refresh tokens (allowed origins only)',
};

/**
 * The auth layer's own routes, as the layer reports them (their set depends on the configuration). CORS
 * preflights (OPTIONS) of the mediator endpoints are implied and not listed.
 */
export function authRouteContract(method: HttpMethod, path: string): RouteContract {
  const summary = Object.hasOwn(SUMMARIES, path) ? SUMMARIES[path]! : path;
  if (path === '/.well-known/oauth-protected-resource')
    return { method, url: path, tag, summary, responses: { '200': json('Metadata', jsonObject) } };
  return {
    method,
    url: path,
    tag,
    summary,
    responses: {
      '200': json("The identity provider's token response", jsonObject),
      '400': problem('Bad request (problem+json)'),
      '403': problem('Origin not allowed (problem+json)'),
      '502': problem('Identity provider failure (problem+json)'),
    },
  };
}

export const policyBuilderRoute = {
  method: 'GET',
  url: '/auth/policy/builder',
  tag,
  summary: 'Offline HTML policy editor with YAML preview and request tester',
  responses: { '200': html('HTML page') },
} as const satisfies RouteContract;
