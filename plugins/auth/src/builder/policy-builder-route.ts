import type { AuthRoute } from '@mapx/plugin-api';
import { buildPolicyBuilderPage } from './policy-builder-page.js';

export const POLICY_BUILDER_PATH = '/auth/policy/builder';

/** GET /auth/policy/builder: served in every mode, including no-auth. */
export function createPolicyBuilderRoute(): AuthRoute {
  const page = buildPolicyBuilderPage();
  const reply = {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': page.contentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    },
    body: page.html,
  };
  return { method: 'GET', path: POLICY_BUILDER_PATH, handle: () => reply };
}
