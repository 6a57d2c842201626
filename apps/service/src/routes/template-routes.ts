import type { FastifyInstance, FastifyReply } from 'fastify';
import { listTemplatesRoute, templateByUrlRoute, templateRoute, templateWithoutIdRoute } from '@mapx/api';
import { sendError } from '../http/reply/error-reply.js';
import { sendMapxText } from '../http/reply/text-replies.js';
import { createTemplateService, type TemplateService } from '../templates/create-template-service.js';
import { templateFailure, type TemplateResult } from '../templates/template-errors.js';
import type { TemplateFhirSource } from '../templates/template-types.js';
import { zodRoutes } from '../http/zod-routes.js';

export interface TemplateRoutesOptions {
  /** The current FHIR context; undefined while it is still loading. */
  readonly fhir: () => TemplateFhirSource | undefined;
  /** Shared generator (and its LRU); one is created per registration when omitted. */
  readonly service?: TemplateService;
}

/**
 * GET /Template/$list?type=… and GET /Template/{templateId} (enterprise). The id may be an id, a name or a
 * canonical URL; a URL may arrive percent-encoded in one segment or, unencoded, spread over several.
 */
export async function templateRoutes(app: FastifyInstance, opts: TemplateRoutesOptions): Promise<void> {
  const service = opts.service ?? createTemplateService();
  const routes = zodRoutes(app);

  routes.get<{ Querystring: { type?: string | string[] } }>(
    listTemplatesRoute.url,
    async (request, reply) => {
      const type = request.query.type;
      const single = Array.isArray(type) ? type.join(',') : type;
      return answer(
        reply,
        withContext(opts, request.log, (fhir) => service.listIds(fhir, single)),
        (ids) => reply.send(ids),
      );
    },
  );

  const getTemplate = async (templateId: string, request: { log: Logger }, reply: FastifyReply) =>
    answer(
      reply,
      withContext(opts, request.log, (fhir) => service.getTemplate(fhir, templateId)),
      (source) => sendMapxText(reply, 200, source),
    );
  routes.get(templateRoute.url, { schema: { params: templateRoute.params } }, (request, reply) =>
    getTemplate(request.params.templateId, request, reply),
  );
  routes.get(templateByUrlRoute.url, { schema: { params: templateByUrlRoute.params } }, (request, reply) =>
    getTemplate(request.params['*'], request, reply),
  );
  routes.get(templateWithoutIdRoute.url, (request, reply) => getTemplate('', request, reply));
}

interface Logger {
  error(o: unknown, m?: string): void;
}

function withContext<T>(
  opts: TemplateRoutesOptions,
  log: Logger,
  run: (fhir: TemplateFhirSource) => TemplateResult<T>,
): TemplateResult<T> {
  try {
    const fhir = opts.fhir();
    return fhir ? run(fhir) : templateFailure('TEMPLATE_CONTEXT_UNAVAILABLE');
  } catch (error) {
    // The FHIR context reads package files lazily; a broken package must not leak a stack trace.
    log.error({ err: error }, 'template generation failed');
    return templateFailure('TEMPLATE_GENERATION_FAILED');
  }
}

function answer<T>(
  reply: FastifyReply,
  result: TemplateResult<T>,
  ok: (value: T) => FastifyReply,
): FastifyReply {
  if (result.ok) return ok(result.value);
  return sendError(reply, result.code, result.detail ? { note: result.detail } : {});
}
