import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendEnterpriseMessage } from '../http/enterprise-message.js';
import { createTemplateService, type TemplateService } from '../templates/create-template-service.js';
import { templateFailure, TEMPLATE_ERRORS, type TemplateResult } from '../templates/template-errors.js';
import type { TemplateFhirSource } from '../templates/template-types.js';

const MAPX_TEMPLATE_MEDIA_TYPE = 'application/vnd.vendor.mapx; charset=utf-8';

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

  app.get<{ Querystring: { type?: string | string[] } }>('/Template/$list', async (request, reply) => {
    const type = request.query.type;
    const single = Array.isArray(type) ? type.join(',') : type;
    return answer(
      reply,
      withContext(opts, request.log, (fhir) => service.listIds(fhir, single)),
      (ids) => reply.send(ids),
    );
  });

  const getTemplate = async (templateId: string, request: { log: Logger }, reply: FastifyReply) =>
    answer(
      reply,
      withContext(opts, request.log, (fhir) => service.getTemplate(fhir, templateId)),
      (source) => reply.type(MAPX_TEMPLATE_MEDIA_TYPE).send(source),
    );
  app.get<{ Params: { templateId: string } }>('/Template/:templateId', (request, reply) =>
    getTemplate(request.params.templateId, request, reply),
  );
  app.get<{ Params: { '*': string } }>('/Template/*', (request, reply) =>
    getTemplate(request.params['*'], request, reply),
  );
  app.get('/Template', (request, reply) => getTemplate('', request, reply));
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
    return fhir ? run(fhir) : templateFailure('FHIR_CONTEXT_UNAVAILABLE');
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
  return sendEnterpriseMessage(reply, TEMPLATE_ERRORS[result.code].status, result.message);
}
