import type { FastifyRequest } from 'fastify';
import { sanitizeHeaders } from '../http/sanitize-headers.js';

export type ExecRequest = FastifyRequest<{ Params: { mappingId: string; '*'?: string } }>;

/** `$mapxHttpInvocation` (interface spec): what a saved mapping sees of the request that runs it. */
export function httpInvocation(request: ExecRequest): Readonly<Record<string, unknown>> {
  const segments = subroute(request);
  return {
    mappingId: request.params.mappingId,
    method: request.method,
    subroute: segments,
    subpath: segments.join('/'),
    query: { ...(request.query as Record<string, unknown>) },
    headers: sanitizeHeaders(request.headers),
  };
}

/** The path segments after the mapping id. */
export function subroute(request: ExecRequest): string[] {
  return (request.params['*'] ?? '').split('/').filter((s) => s !== '');
}
