import { classifyDefinition, listTemplateIds } from './classify-definition.js';
import { createLruCache } from './lru-cache.js';
import { DEFAULT_TEMPLATE_DEPTH, renderTemplate } from './render-template.js';
import { templateFailure, type TemplateResult } from './template-errors.js';
import {
  asStructureDefinition,
  isTemplateKind,
  type DefinitionSummary,
  type TemplateFhirSource,
} from './template-types.js';

export interface TemplateServiceOptions {
  /** Generated templates kept per process (LRU over context key + template id). */
  readonly maxEntries?: number;
  readonly maxDepth?: number;
}

export interface TemplateService {
  /** `$list`: ids of one category; no type → empty list; an unknown type is an error (interface spec). */
  listIds(fhir: TemplateFhirSource, type: string | undefined): TemplateResult<string[]>;
  /** Template source for a StructureDefinition id, name or canonical URL. */
  getTemplate(fhir: TemplateFhirSource, templateId: string): TemplateResult<string>;
}

const DEFAULT_MAX_ENTRIES = 500;

export function createTemplateService(options: TemplateServiceOptions = {}): TemplateService {
  const maxDepth = options.maxDepth ?? DEFAULT_TEMPLATE_DEPTH;
  const templates = createLruCache<string>(options.maxEntries ?? DEFAULT_MAX_ENTRIES);
  const lists = createLruCache<string[]>(32);
  const keyOf = createContextKeys();
  return {
    listIds(fhir, type) {
      if (type === undefined || type === '') return { ok: true, value: [] };
      if (!isTemplateKind(type)) return templateFailure('TEMPLATE_TYPE_INVALID', `got '${type}'`);
      const cacheKey = `${keyOf(fhir)}\u0000${type}`;
      const cached = lists.get(cacheKey) ?? listTemplateIds(fhir.listStructureDefinitions(), type);
      lists.set(cacheKey, cached);
      return { ok: true, value: [...cached] };
    },
    getTemplate(fhir, templateId) {
      const id = templateId.trim();
      if (id === '') return templateFailure('TEMPLATE_ID_MISSING');
      const cacheKey = `${keyOf(fhir)}\u0000${id}`;
      const cached = templates.get(cacheKey);
      if (cached !== undefined) return { ok: true, value: cached };
      const result = generate(fhir, id, maxDepth);
      if (result.ok) templates.set(cacheKey, result.value);
      return result;
    },
  };
}

function generate(fhir: TemplateFhirSource, id: string, maxDepth: number): TemplateResult<string> {
  const found = fhir.getStructureDefinition(id);
  if (found === undefined) return templateFailure('TEMPLATE_NOT_FOUND', `'${id}'`);
  const sd = asStructureDefinition(found);
  if (!sd || sd.kind === 'logical') return templateFailure('TEMPLATE_NOT_SUPPORTED', `'${id}'`);
  const summary = findSummary(fhir.listStructureDefinitions(), sd.url, sd.id);
  const kind = summary ? classifyDefinition(summary) : undefined;
  return {
    ok: true,
    value: renderTemplate(sd, { kind, packageLabel: packageLabel(summary?.package) }, maxDepth),
  };
}

function findSummary(all: readonly DefinitionSummary[], url: string, id: string | undefined) {
  return (
    all.find((s) => s.url === url && (id === undefined || s.id === id)) ?? all.find((s) => s.url === url)
  );
}

function packageLabel(pkg: unknown): string | undefined {
  if (typeof pkg === 'string') return pkg;
  if (typeof pkg !== 'object' || pkg === null) return undefined;
  const { id, name, version } = pkg as { id?: unknown; name?: unknown; version?: unknown };
  const label = typeof id === 'string' ? id : typeof name === 'string' ? name : undefined;
  return label && typeof version === 'string' ? `${label}#${version}` : label;
}

/** Contexts with a stable `key` share cache entries; others are told apart by identity. */
function createContextKeys(): (fhir: TemplateFhirSource) => string {
  const ids = new WeakMap<object, string>();
  let next = 0;
  return (fhir) => {
    const key = (fhir as { key?: unknown }).key;
    if (typeof key === 'string') return key;
    let id = ids.get(fhir);
    if (id === undefined) ids.set(fhir, (id = `#${next++}`));
    return id;
  };
}
