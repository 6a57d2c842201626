import type { JWTPayload } from 'jose';
import type { AuthPrincipal } from '@mapx/plugin-api';
import type { DiscoveryCache } from './discovery-cache.js';
import { loadJose, type JoseModule } from './load-jose.js';

/** Asymmetric algorithms only: `none` and HMAC (key-confusion attacks) are never accepted. */
export const ACCEPTED_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
] as const;

export type VerifyResult =
  | { readonly ok: true; readonly principal: AuthPrincipal }
  | { readonly ok: false; readonly kind: 'invalid' | 'unavailable'; readonly description: string };

export interface BearerVerifierOptions {
  readonly issuer: string;
  readonly audience?: string | readonly string[] | undefined;
  readonly clockToleranceSeconds: number;
  readonly jwksCacheMaxAgeMs: number;
  /** Minimum time between two key-set fetches triggered by an unknown `kid`. */
  readonly jwksCooldownMs: number;
  readonly timeoutMs: number;
  readonly discovery: DiscoveryCache;
}

export interface BearerVerifier {
  verify(token: string): Promise<VerifyResult>;
}

type JoseErrors = JoseModule['errors'];

const invalidTypes = (errors: JoseErrors): readonly (new (...args: never[]) => Error)[] => [
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JWSInvalid,
  errors.JWTInvalid,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
];

function describe(error: unknown, errors: JoseErrors): VerifyResult {
  if (error instanceof errors.JWTExpired)
    return { ok: false, kind: 'invalid', description: 'the token has expired' };
  if (error instanceof errors.JWTClaimValidationFailed) {
    return { ok: false, kind: 'invalid', description: `the token ${error.claim} claim is not acceptable` };
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return { ok: false, kind: 'invalid', description: 'the token is signed with an unknown key' };
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return { ok: false, kind: 'invalid', description: 'the token signature is invalid' };
  }
  if (invalidTypes(errors).some((type) => error instanceof type)) {
    return { ok: false, kind: 'invalid', description: 'the token is malformed or uses a refused algorithm' };
  }
  return {
    ok: false,
    kind: 'unavailable',
    description: 'the signing keys of the identity provider are unavailable',
  };
}

function rolesOf(payload: JWTPayload): string[] {
  const memberOf = payload['memberOf'];
  return Array.isArray(memberOf) ? memberOf.filter((v): v is string => typeof v === 'string') : [];
}

function checkHeader(jose: JoseModule, token: string): VerifyResult | null {
  try {
    const header = jose.decodeProtectedHeader(token);
    if (!(ACCEPTED_ALGORITHMS as readonly string[]).includes(header.alg ?? '')) {
      return { ok: false, kind: 'invalid', description: 'the token algorithm is not accepted' };
    }
    return null;
  } catch {
    return { ok: false, kind: 'invalid', description: 'the token is not a signed JWT' };
  }
}

/** Verifies bearer JWTs against the provider's discovered key set (jose). Never throws. */
export function createBearerVerifier(options: BearerVerifierOptions): BearerVerifier {
  // Started now, so that the first request does not wait for it.
  const joseLoaded = loadJose();
  // A failed import surfaces in verify(), not as an unhandled rejection here.
  joseLoaded.catch(() => undefined);
  let jwks: { uri: string; keys: ReturnType<JoseModule['createRemoteJWKSet']> } | undefined;
  const keysFor = (jose: JoseModule, uri: string) => {
    if (jwks?.uri !== uri) {
      const keys = jose.createRemoteJWKSet(new URL(uri), {
        cacheMaxAge: options.jwksCacheMaxAgeMs,
        cooldownDuration: options.jwksCooldownMs,
        timeoutDuration: options.timeoutMs,
      });
      jwks = { uri, keys };
    }
    return jwks.keys;
  };
  const verifyOptions = {
    issuer: options.issuer,
    clockTolerance: options.clockToleranceSeconds,
    algorithms: [...ACCEPTED_ALGORITHMS],
    requiredClaims: ['exp'],
    ...(options.audience === undefined ? {} : { audience: options.audience as string | string[] }),
  };
  return {
    async verify(token) {
      const jose = await joseLoaded;
      const bad = checkHeader(jose, token);
      if (bad !== null) return bad;
      const discovered = await options.discovery.get();
      if (!discovered.ok)
        return { ok: false, kind: 'unavailable', description: 'the identity provider is unavailable' };
      try {
        const keys = keysFor(jose, discovered.doc.jwks_uri);
        const { payload } = await jose.jwtVerify(token, keys, verifyOptions);
        const principal = { subject: payload.sub ?? '', roles: rolesOf(payload), claims: payload };
        return { ok: true, principal };
      } catch (error) {
        return describe(error, jose.errors);
      }
    },
  };
}
