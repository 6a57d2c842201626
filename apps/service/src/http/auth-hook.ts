import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type FastifyPlugin from 'fastify-plugin';
import type {
  AuthDecision,
  AuthLayer,
  AuthPrincipal,
  AuthReply,
  AuthRequest,
  AuthRoute,
} from '@mapx/plugin-api';
import { requireCommonJs } from '../require-commonjs.js';
import { requestPath } from './request-target.js';
import { isApiDocsPagePath } from '../openapi/api-docs-files.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller when the route's rule needed a token; null otherwise. */
    authPrincipal: AuthPrincipal | null;
  }
}

export interface AuthHookOptions {
  /** null in no-auth mode. */
  readonly layer: AuthLayer | null;
  /** GET /auth/policy/builder, mounted in every mode (the auth-provider plugin's `policyBuilder`). */
  readonly policyBuilder?: AuthRoute | undefined;
}

/**
 * Node keeps only the first of several Authorization headers; the raw list shows them all, and the layer
 * answers more than one with 400 invalid_request (RFC 6750 §3.1).
 */
function headersOf(req: FastifyRequest): AuthRequest['headers'] {
  if (req.headers.authorization === undefined) return req.headers;
  const raw = req.raw.rawHeaders;
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === 'authorization') values.push(raw[i + 1]!);
  }
  if (values.length < 2) return req.headers;
  return { ...req.headers, authorization: values };
}

function toAuthRequest(req: FastifyRequest): AuthRequest {
  return {
    method: req.method,
    path: requestPath(req.url),
    headers: headersOf(req),
    query: (req.query ?? {}) as AuthRequest['query'],
    body: req.body,
  };
}

function sendAuthReply(reply: FastifyReply, auth: AuthReply): FastifyReply {
  reply.code(auth.status);
  for (const [name, value] of Object.entries(auth.headers ?? {})) reply.header(name, value);
  if (auth.body === undefined) return reply.send();
  if (typeof auth.body === 'string') return reply.send(auth.body);
  if (auth.headers?.['content-type'] === undefined) reply.type('application/json');
  return reply.send(JSON.stringify(auth.body));
}

/**
 * Always public: GET /health (spec) and its probe variants /health/live and /health/ready, and the static files of
 * the designer and of the API docs page (not the OpenAPI document) — a page must load before its user can log in
 * or give a token; every API call it then makes carries the bearer token and meets the policy.
 */
function isAlwaysPublic(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = requestPath(req.url);
  return (
    path === '/health' ||
    path === '/health/live' ||
    path === '/health/ready' ||
    path === '/designer' ||
    path.startsWith('/designer/') ||
    isApiDocsPagePath(path)
  );
}

function mountRoute(app: FastifyInstance, route: AuthRoute): void {
  app.route({
    method: route.method,
    url: route.path,
    handler: async (req, reply) => sendAuthReply(reply, await route.handle(toAuthRequest(req))),
  });
}

/**
 * Thin Fastify glue around the framework-neutral auth layer: every request is decided before its route runs
 * (GET /health excepted), and the layer's own endpoints are mounted. Shared with every route (fastify-plugin).
 */
async function authHookPlugin(app: FastifyInstance, options: AuthHookOptions): Promise<void> {
  app.decorateRequest('authPrincipal', null);
  for (const route of options.layer?.routes ?? []) mountRoute(app, route);
  if (options.policyBuilder !== undefined) mountRoute(app, options.policyBuilder);
  const layer = options.layer;
  // auth-available never blocks anything: no per-request work at all.
  if (layer === null || layer.mode !== 'auth-required') return;
  const apply = (
    req: FastifyRequest,
    reply: FastifyReply,
    decision: AuthDecision,
  ): FastifyReply | undefined => {
    if (decision.allow) {
      req.authPrincipal = decision.principal ?? null;
      return undefined;
    }
    return sendAuthReply(reply, decision.reply);
  };
  app.addHook('onRequest', (req, reply, done) => {
    if (isAlwaysPublic(req)) return done();
    const decision = layer.authorize(toAuthRequest(req));
    if (!(decision instanceof Promise)) {
      if (apply(req, reply, decision) === undefined) done();
      return;
    }
    decision.then(
      (d) => {
        if (apply(req, reply, d) === undefined) done();
      },
      (error: unknown) => done(error as Error),
    );
  });
}

let hook: ReturnType<typeof FastifyPlugin<AuthHookOptions>> | undefined;

/** The hook as a Fastify plugin; `fastify-plugin` is required on first use, not when the service's modules load. */
export function authHook(): ReturnType<typeof FastifyPlugin<AuthHookOptions>> {
  const fp = requireCommonJs('fastify-plugin') as typeof FastifyPlugin;
  return (hook ??= fp(authHookPlugin, { name: 'mapx-auth-hook', fastify: '5.x' }));
}
