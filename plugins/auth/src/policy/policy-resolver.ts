/*
 * Policy resolution, shared verbatim by the server and the policy builder page: the page's script is built from
 * these functions' source (Function.prototype.toString), so each function must be self-contained — no imports,
 * no module-level constants, only built-ins and the other functions listed in POLICY_RESOLVER_FUNCTIONS.
 */

export type AccessRule =
  | { readonly access: 'public' | 'authenticated'; readonly roles?: undefined }
  | { readonly roles: readonly string[]; readonly access?: undefined };

export interface PolicyDocument {
  readonly defaultRule: AccessRule;
  readonly routes: readonly {
    readonly path: string;
    readonly methods: Readonly<Record<string, AccessRule>>;
  }[];
}

export interface CompiledRoute {
  readonly path: string;
  /** Lower-cased literal segments; null for a `:param` segment. */
  readonly segments: readonly (string | null)[];
  readonly methods: Readonly<Record<string, AccessRule>>;
}

export interface CompiledPolicy {
  readonly defaultRule: AccessRule;
  /** Most specific first. */
  readonly routes: readonly CompiledRoute[];
}

export type Resolution =
  | { readonly kind: 'health' }
  | { readonly kind: 'bad-path' }
  | {
      readonly kind: 'rule';
      readonly rule: AccessRule;
      readonly route: string | null;
      /** `inherited`: a `/MappingTests/...` request no route names, decided by its mapping's `/Mapping/{id}`. */
      readonly via: 'method' | 'head-as-get' | '*' | 'default' | 'inherited';
    };

export type AccessOutcome = 'allow' | 'unauthenticated' | 'forbidden';

/**
 * Request path → lower-cased segments, percent-decoded as the router decodes them (decodeURI). One trailing slash is ignored; an empty interior
 * segment gives null because the router would give `//` a meaning the policy cannot express.
 */
export function splitRequestPath(path: string): string[] | null {
  let p = path.startsWith('/') ? path : '/' + path;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  if (p === '/') return [];
  const out: string[] = [];
  for (const raw of p.slice(1).split('/')) {
    if (raw === '') return null;
    // decodeURI, as the router does for the path it matches: reserved characters (`%24` for `$`, `%2F`) stay
    // encoded, so `/Template/%24list` is not the literal route `/Template/$list` for the policy either
    let seg = raw;
    try {
      seg = decodeURI(raw);
    } catch {
      seg = raw;
    }
    out.push(seg.toLowerCase());
  }
  return out;
}

/** Why a configured route path is invalid, or null when it is valid. */
export function routePathProblem(path: string): string | null {
  if (!path.startsWith('/')) return 'must start with /';
  if (path.includes('*')) return 'must not contain a wildcard (*)';
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (trimmed === '/') return null;
  for (const seg of trimmed.slice(1).split('/')) {
    if (seg === '') return 'must not contain an empty segment (//)';
    if (seg === ':') return 'a :param segment needs a name';
  }
  return null;
}

/** Canonical key of a route path: two paths with the same key match exactly the same requests. */
export function routePathKey(path: string): string {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed
    .split('/')
    .map((seg) => (seg.startsWith(':') ? ':' : seg.toLowerCase()))
    .join('/');
}

/** Specificity order: more literal segments, then the longer pattern (a :param counts as one character), then
 * the leftmost literal. Negative when `a` is more specific. */
export function compareRouteSpecificity(a: CompiledRoute, b: CompiledRoute): number {
  const literals = (r: CompiledRoute) => r.segments.filter((s) => s !== null).length;
  const length = (r: CompiledRoute) => r.segments.reduce((n, s) => n + 1 + (s === null ? 1 : s.length), 0);
  const byLiterals = literals(b) - literals(a);
  if (byLiterals !== 0) return byLiterals;
  const byLength = length(b) - length(a);
  if (byLength !== 0) return byLength;
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
    const la = a.segments[i] !== null;
    const lb = b.segments[i] !== null;
    if (la !== lb) return la ? -1 : 1;
  }
  return 0;
}

export function compilePolicy(policy: PolicyDocument): CompiledPolicy {
  const routes = policy.routes.map((route) => {
    const trimmed = route.path.length > 1 && route.path.endsWith('/') ? route.path.slice(0, -1) : route.path;
    const segments =
      trimmed === '/'
        ? []
        : trimmed
            .slice(1)
            .split('/')
            .map((seg) => (seg.startsWith(':') ? null : seg.toLowerCase()));
    return { path: route.path, segments, methods: route.methods };
  });
  routes.sort(compareRouteSpecificity);
  return { defaultRule: policy.defaultRule, routes };
}

function routeMatches(route: CompiledRoute, segments: readonly string[]): boolean {
  if (route.segments.length !== segments.length) return false;
  return route.segments.every((seg, i) => seg === null || seg === segments[i]);
}

/** Steps 1–3 and 5 of the spec's policy resolution. HEAD without its own entry follows GET. */
export function resolvePolicy(policy: CompiledPolicy, method: string, path: string): Resolution {
  const segments = splitRequestPath(path);
  if (segments === null) return { kind: 'bad-path' };
  const verb = method.toUpperCase();
  if ((verb === 'GET' || verb === 'HEAD') && segments.length === 1 && segments[0] === 'health') {
    return { kind: 'health' };
  }
  const route = policy.routes.find((r) => routeMatches(r, segments));
  // the test cases of a mapping are its own: read, written and run under its rules unless a route names them
  // (docs/auth.md, "Coverage decisions")
  if (route === undefined && segments[0] === 'mappingtests' && segments.length >= 2 && segments.length <= 4) {
    const canonical = resolvePolicy(policy, verb, '/mapping/' + encodeURIComponent(segments[1]!));
    if (canonical.kind === 'rule' && canonical.via !== 'default') return { ...canonical, via: 'inherited' };
  }
  if (route === undefined) return { kind: 'rule', rule: policy.defaultRule, route: null, via: 'default' };
  // own properties only: a method name such as `constructor` or `__proto__` must never reach Object.prototype
  const entry = (name: string) => (Object.hasOwn(route.methods, name) ? route.methods[name] : undefined);
  const own = entry(verb);
  if (own !== undefined) return { kind: 'rule', rule: own, route: route.path, via: 'method' };
  const asGet = verb === 'HEAD' ? entry('GET') : undefined;
  if (asGet !== undefined) return { kind: 'rule', rule: asGet, route: route.path, via: 'head-as-get' };
  const any = entry('*');
  if (any !== undefined) return { kind: 'rule', rule: any, route: route.path, via: '*' };
  return { kind: 'rule', rule: policy.defaultRule, route: route.path, via: 'default' };
}

/** Step 4: `caller` is null when no valid token was presented. */
export function decideAccess(
  rule: AccessRule,
  caller: { readonly roles: readonly string[] } | null,
): AccessOutcome {
  // own properties only: a polluted Object.prototype.access must never turn a roles rule public
  const access = Object.hasOwn(rule, 'access') ? rule.access : undefined;
  if (access === 'public') return 'allow';
  if (caller === null) return 'unauthenticated';
  if (access === 'authenticated') return 'allow';
  const wanted = Object.hasOwn(rule, 'roles') && Array.isArray(rule.roles) ? rule.roles : [];
  return caller.roles.some((role) => wanted.includes(role)) ? 'allow' : 'forbidden';
}

/** True when the policy can never block a request (auth-available mode). */
export function isAllPublic(policy: PolicyDocument): boolean {
  const isPublic = (rule: AccessRule) => Object.hasOwn(rule, 'access') && rule.access === 'public';
  if (!isPublic(policy.defaultRule)) return false;
  return policy.routes.every((r) => Object.values(r.methods).every(isPublic));
}

/** Everything the page needs, in dependency order. */
export const POLICY_RESOLVER_FUNCTIONS = [
  splitRequestPath,
  routePathProblem,
  routePathKey,
  compareRouteSpecificity,
  compilePolicy,
  routeMatches,
  resolvePolicy,
  decideAccess,
  isAllPublic,
] as const;
