import type { AccessRule, PolicyDocument } from './policy-resolver.js';

/** The deprecated `/recache` alias is decided by the rule of `/$recache` (docs/auth.md, "Coverage decisions"). */
export function policyPathOf(path: string): string {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.toLowerCase() === '/recache' ? '/$recache' : path;
}

function sameRule(a: AccessRule | undefined, b: AccessRule): boolean {
  if (a === undefined) return true;
  return a.access === b.access && JSON.stringify(a.roles ?? []) === JSON.stringify(b.roles ?? []);
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/**
 * `/Mapping/{id}/{subroute...}` runs the mapping like `/Mapping/{id}` does, but a policy path matches a fixed
 * number of segments: when the run of `/Mapping/:id` is protected and no rule names a longer path under it,
 * every subroute falls to `defaultRule`. Start-up warnings, one per protected method.
 */
export function subrouteCoverageWarnings(policy: PolicyDocument): string[] {
  const runs = policy.routes.filter((r) => {
    const s = segmentsOf(r.path);
    return s.length === 2 && s[0]!.toLowerCase() === 'mapping';
  });
  const longer = policy.routes.some((r) => {
    const s = segmentsOf(r.path);
    return s.length > 2 && s[0]!.toLowerCase() === 'mapping';
  });
  if (longer) return [];
  const warnings: string[] = [];
  for (const route of runs) {
    for (const method of ['POST', 'PUT']) {
      const own = Object.hasOwn(route.methods, method) ? route.methods[method] : undefined;
      const rule = own ?? (Object.hasOwn(route.methods, '*') ? route.methods['*'] : undefined);
      if (rule === undefined || sameRule(rule, policy.defaultRule)) continue;
      warnings.push(
        `auth policy: ${method} ${route.path} is protected by its own rule, but no rule names its subroutes ` +
          `(${route.path}/...), which run the same mapping: they fall to defaultRule. Add rules such as ` +
          `${route.path}/:a, ${route.path}/:a/:b for the depths you serve.`,
      );
    }
  }
  return warnings;
}
