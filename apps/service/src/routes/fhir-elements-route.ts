import type { FastifyInstance } from 'fastify';
import { fhirElementsRoute as contract } from '@mapx/api';
import { sendError } from '../http/reply/error-reply.js';
import { createNavigator, type ElementInfo } from '@mapx/fhir';
import { splitFlashPath } from '../fhir-elements/split-flash-path.js';
import { describeChild } from '../fhir-elements/describe-children.js';

interface Query {
  type?: string;
  path?: string;
}

/**
 * GET /fhir/elements?type=<id|name|url>&path=<flash path>: the children of the element at `path` in a type or
 * profile — slices and choice forms included — for the designer's completion. Read-only.
 */
export async function fhirElementsRoute(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Query }>(contract.url, async (request, reply) => {
    const { type, path = '' } = request.query;
    if (typeof type !== 'string' || type.trim() === '') return sendError(reply, 'MISSING_TYPE');
    const ctx = app.mapx.fhir.get();
    if (!ctx)
      return sendError(reply, 'FHIR_CONTEXT_UNAVAILABLE', {
        params: { state: app.mapx.fhir.unavailableState() },
      });
    const nav = createNavigator(ctx);
    const root = nav.root(type.trim());
    if (!root) return sendError(reply, 'UNKNOWN_TYPE', { params: { type } });
    const segments = splitFlashPath(path.trim());
    if (!segments) return sendError(reply, 'INVALID_PATH', { params: { path } });
    let element: ElementInfo = root.element;
    for (const seg of segments) {
      const next = nav.child(element, seg.name, seg.slices);
      if (!next.ok) return sendError(reply, 'UNKNOWN_ELEMENT', { params: { path, type } });
      element = next.element;
    }
    return nav.children(element).map(describeChild);
  });
}
