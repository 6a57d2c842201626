import type {
  FhirDefinitionLookup,
  NormalizeResult,
  Normalizer,
  PluginContext,
  RawInput,
} from '@mapx/plugin-api';
import { parseXml } from '@mapx/xml';
import { convertFhirXml } from './convert-fhir-xml.js';
import { createFhirModel, type FhirModel } from './fhir-model.js';
import { isFhirRoot } from './sniff-root.js';

const FHIR_TYPES = new Set(['application/fhir+xml', 'application/xml+fhir']);

/**
 * FHIR XML → FHIR JSON. The model over the host's definitions is built lazily and kept per definitions
 * object, so a reloaded FHIR context gets a fresh model.
 */
export function createFhirXmlNormalizer(ctx: PluginContext): Normalizer {
  const models = new WeakMap<FhirDefinitionLookup, FhirModel>();
  const modelFor = (lookup: FhirDefinitionLookup): FhirModel => {
    let model = models.get(lookup);
    if (!model) {
      model = createFhirModel(lookup);
      models.set(lookup, model);
    }
    return model;
  };
  return {
    accepts: (input) => FHIR_TYPES.has(input.mediaType.essence) || isFhirRoot(input.body),
    normalize: (input) => normalizeFhirXml(input, ctx, modelFor),
  };
}

function normalizeFhirXml(
  input: RawInput,
  ctx: PluginContext,
  modelFor: (lookup: FhirDefinitionLookup) => FhirModel,
): NormalizeResult {
  const parsed = parseXml(input.body);
  if (!parsed.ok) return { ok: false, issues: [parsed.issue] };
  if (parsed.root === undefined) {
    return {
      ok: false,
      issues: [{ code: 'FHIR_XML_EMPTY', message: 'The FHIR XML input is empty', status: 422 }],
    };
  }
  const lookup = ctx.fhir();
  if (!lookup) {
    const message = 'FHIR definitions are not loaded yet; FHIR XML cannot be converted (retry when ready)';
    return { ok: false, issues: [{ code: 'FHIR_CONTEXT_UNAVAILABLE', message, status: 422 }] };
  }
  const { value, issues } = convertFhirXml(parsed.root, modelFor(lookup));
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}
