import { routePathKey } from '../policy/policy-resolver.js';

export interface ConfigIssue {
  readonly path: string;
  readonly message: string;
}

const record = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/**
 * Rules spanning several fields, checked on the raw document so that they are reported together with the
 * schema's own issues (zod skips refinements of objects that already failed).
 */
export function crossFieldIssues(raw: unknown): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const doc = record(raw);
  if (doc === undefined) return issues;
  const mediator = record(doc['tokenMediator']);
  const enabled = mediator?.['enabled'] === true || mediator?.['enabled'] === 'true';
  const client = record(record(doc['keycloak'])?.['client']);
  if (enabled && client === undefined) {
    issues.push({
      path: 'keycloak.client',
      message: 'required when tokenMediator.enabled is true (id and secret)',
    });
  }
  if (!enabled && doc['designerClient'] === undefined) {
    issues.push({ path: 'designerClient', message: 'required when the token mediator is not enabled' });
  }
  const routes = record(doc['policy'])?.['routes'];
  if (Array.isArray(routes)) {
    const seen = new Map<string, number>();
    routes.forEach((route, i) => {
      const path = record(route)?.['path'];
      if (typeof path !== 'string') return;
      const key = routePathKey(path);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, i);
      else
        issues.push({ path: `policy.routes[${i}].path`, message: `duplicates policy.routes[${first}].path` });
    });
  }
  return issues;
}
