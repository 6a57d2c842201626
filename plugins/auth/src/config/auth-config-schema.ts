import { z } from 'zod';
import { routePathProblem, type AccessRule } from '../policy/policy-resolver.js';

/** `${VAR}` substitution yields strings; numeric and boolean fields accept their canonical spelling. */
const fromString = (target: 'int' | 'boolean') => (value: unknown) => {
  if (typeof value !== 'string') return value;
  if (target === 'int' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  if (target === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
};
const int = (schema: z.ZodInt) => z.preprocess(fromString('int'), schema);
const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });
const nonEmpty = () => z.string().min(1, 'must not be empty');

const origin = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}, 'must be an origin: scheme://host[:port], without path');

const rule = z
  .strictObject({
    access: z
      .enum(['public', 'authenticated'], { error: 'access must be public or authenticated' })
      .optional(),
    roles: z.array(nonEmpty()).min(1, 'roles needs at least one role').optional(),
  })
  .refine((r) => (r.access === undefined) !== (r.roles === undefined), {
    error: 'a rule is exactly one of { access: public }, { access: authenticated }, { roles: [...] }',
  })
  .transform((r): AccessRule =>
    r.roles !== undefined ? { roles: r.roles } : { access: r.access ?? 'authenticated' },
  );

export const HTTP_METHOD_KEYS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', '*'] as const;

const methods = z
  .strictObject(
    Object.fromEntries(HTTP_METHOD_KEYS.map((m) => [m, rule.optional()])) as Record<
      (typeof HTTP_METHOD_KEYS)[number],
      z.ZodOptional<typeof rule>
    >,
  )
  .refine((m) => Object.values(m).some((v) => v !== undefined), { error: 'methods needs at least one entry' })
  .transform(
    (m) =>
      Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)) as Record<string, AccessRule>,
  );

const routePath = z.string().superRefine((path, ctx) => {
  const problem = routePathProblem(path);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: `path ${problem}` });
});

export const authConfigSchema = z.strictObject({
  version: z.literal(1, { error: 'version must be 1' }),
  keycloak: z.strictObject({
    issuer: httpUrl(),
    audience: z.union([nonEmpty(), z.array(nonEmpty()).min(1)]).optional(),
    clockToleranceSeconds: int(z.int().min(1).max(60)).default(5),
    jwksCacheMaxAgeMs: int(z.int().positive()).default(600_000),
    discoveryTtlSeconds: int(z.int().positive()).default(3600),
    discoveryCooldownSeconds: int(z.int().nonnegative()).default(5),
    client: z.strictObject({ id: nonEmpty(), secret: nonEmpty() }).optional(),
  }),
  jwt: z
    .strictObject({
      valueSource: z
        .strictObject({ type: z.literal('memberOf', { error: 'only memberOf is supported' }) })
        .optional(),
    })
    .optional(),
  tokenMediator: z
    .strictObject({
      enabled: z.preprocess(fromString('boolean'), z.boolean()),
      scope: z.string().optional(),
      corsAllowedOrigins: z.array(origin).default([]),
    })
    .optional(),
  designerClient: z.strictObject({ clientId: nonEmpty(), scope: z.string().optional() }).optional(),
  resource: z.strictObject({ url: httpUrl(), name: nonEmpty() }),
  policy: z.strictObject({
    defaultRule: rule,
    routes: z.array(z.strictObject({ path: routePath, methods })).default([]),
  }),
});

export type AuthConfig = z.infer<typeof authConfigSchema>;
