import type { FastifyInstance } from 'fastify';
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
  app.get<{ Querystring: Query }>('/fhir/elements', async (request, reply) => {
    const { type, path = '' } = request.query;
    if (typeof type !== 'string' || type.trim() === '')
      return reply.code(400).send({ message: 'Query parameter type is required', code: 'MISSING_TYPE' });
    const ctx = app.mapx.fhir.get();
    if (!ctx)
      return reply
        .code(503)
        .send({ message: app.mapx.fhir.unavailableReason(), code: 'FHIR_CONTEXT_UNAVAILABLE' });
    const nav = createNavigator(ctx);
    const root = nav.root(type.trim());
    if (!root)
      return reply
        .code(404)
        .send({ message: `No StructureDefinition with id, name or URL '${type}'`, code: 'UNKNOWN_TYPE' });
    const segments = splitFlashPath(path.trim());
    if (!segments)
      return reply.code(400).send({ message: `Malformed FLASH path '${path}'`, code: 'INVALID_PATH' });
    let element: ElementInfo = root.element;
    for (const seg of segments) {
      const next = nav.child(element, seg.name, seg.slices);
      if (!next.ok)
        return reply
          .code(404)
          .send({ message: `Element '${path}' was not found in '${type}'`, code: 'UNKNOWN_ELEMENT' });
      element = next.element;
    }
    return nav.children(element).map(describeChild);
  });
}
