import type { AuthReply, AuthRequest } from '@mapx/plugin-api';
import { problemReply } from './problem-reply.js';

export interface CorsGate {
  /** null when the origin may call; otherwise the 403 reply. */
  check(req: AuthRequest): AuthReply | null;
  /** Headers every answer to an allowed origin carries. */
  headers(req: AuthRequest): Record<string, string>;
  preflight(req: AuthRequest): AuthReply;
}

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

function originOf(req: AuthRequest): string | undefined {
  const value = req.headers['origin'];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Exact-match origin allow-list. A missing Origin and the opaque origin `null` are refused like any other
 * origin outside the list: the mediator endpoints exist for browsers on the listed origins only.
 */
export function createCorsGate(allowedOrigins: readonly string[]): CorsGate {
  const allowed = new Set(allowedOrigins.map((o) => o.replace(/\/$/, '')));
  const gate: CorsGate = {
    check(req) {
      const origin = originOf(req);
      if (origin !== undefined && allowed.has(origin)) return null;
      const detail =
        origin === undefined
          ? 'the request has no Origin header'
          : 'this origin may not call the token mediator';
      return problemReply(403, 'AUTH_ORIGIN_FORBIDDEN', detail, { headers: { ...NO_STORE, vary: 'Origin' } });
    },
    headers(req) {
      return { ...NO_STORE, vary: 'Origin', 'access-control-allow-origin': originOf(req) ?? '' };
    },
    preflight(req) {
      const refused = gate.check(req);
      if (refused !== null) return refused;
      return {
        status: 204,
        headers: {
          ...gate.headers(req),
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'content-type',
          'access-control-max-age': '600',
        },
      };
    },
  };
  return gate;
}
