import type { AuthDecision, AuthMode, AuthRequest } from '@mapx/plugin-api';
import { decideAccess, resolvePolicy, type CompiledPolicy } from '../policy/policy-resolver.js';
import type { BearerVerifier } from '../verify/bearer-verifier.js';
import { parseAuthorization } from './parse-authorization.js';
import { policyPathOf } from '../policy/policy-coverage.js';
import { bearerChallenge, problemReply } from './problem-reply.js';

export interface AuthorizerOptions {
  readonly mode: Exclude<AuthMode, 'no-auth'>;
  readonly policy: CompiledPolicy;
  readonly verifier: BearerVerifier;
  readonly metadataUrl: string;
  /** `METHOD path` of the layer's own endpoints, always reachable without a token. */
  readonly exempt: ReadonlySet<string>;
}

export type Authorize = (req: AuthRequest) => AuthDecision | Promise<AuthDecision>;

const ALLOW: AuthDecision = Object.freeze({ allow: true });

/** Browsers never attach credentials to a CORS preflight; the actual request that follows is checked. */
function isPreflight(method: string, req: AuthRequest): boolean {
  return (
    method === 'OPTIONS' &&
    req.headers['origin'] !== undefined &&
    req.headers['access-control-request-method'] !== undefined
  );
}

/** The spec's policy resolution (steps 1–5) followed by bearer verification when the rule needs it. */
export function createAuthorizer(options: AuthorizerOptions): Authorize {
  const { policy, verifier, metadataUrl, exempt } = options;
  const deny = (
    status: number,
    code: Parameters<typeof problemReply>[1],
    detail: string,
    challenge?: string,
  ) =>
    ({
      allow: false,
      reply: problemReply(
        status,
        code,
        detail,
        challenge === undefined ? {} : { headers: { 'www-authenticate': challenge } },
      ),
    }) as const;

  const withToken = async (
    token: string,
    rule: Parameters<typeof decideAccess>[0],
  ): Promise<AuthDecision> => {
    const verified = await verifier.verify(token);
    if (!verified.ok && verified.kind === 'unavailable') {
      return deny(503, 'AUTH_PROVIDER_UNAVAILABLE', verified.description);
    }
    if (!verified.ok) {
      return deny(
        401,
        'AUTH_TOKEN_INVALID',
        verified.description,
        bearerChallenge(metadataUrl, 'invalid_token', verified.description),
      );
    }
    if (decideAccess(rule, verified.principal) === 'allow')
      return { allow: true, principal: verified.principal };
    const detail = 'the token carries none of the roles this route requires';
    return deny(
      403,
      'AUTH_INSUFFICIENT_ROLE',
      detail,
      bearerChallenge(metadataUrl, 'insufficient_scope', detail),
    );
  };

  return (req) => {
    if (options.mode === 'auth-available') return ALLOW;
    const method = req.method.toUpperCase();
    if (exempt.has(`${method} ${req.path}`) || isPreflight(method, req)) return ALLOW;
    const resolution = resolvePolicy(policy, method, policyPathOf(req.path));
    if (resolution.kind === 'health') return ALLOW;
    if (resolution.kind === 'bad-path') {
      return deny(400, 'AUTH_INVALID_REQUEST', 'the request path has an empty segment');
    }
    if (decideAccess(resolution.rule, null) === 'allow') return ALLOW;
    const header = parseAuthorization(req.headers['authorization']);
    if (header.kind === 'absent') {
      return deny(
        401,
        'AUTH_TOKEN_MISSING',
        'this route requires a bearer token',
        bearerChallenge(metadataUrl),
      );
    }
    if (header.kind === 'malformed') {
      return deny(
        400,
        'AUTH_INVALID_REQUEST',
        header.description,
        bearerChallenge(metadataUrl, 'invalid_request', header.description),
      );
    }
    return withToken(header.token, resolution.rule);
  };
}
