export { createEngine } from './engine/create-engine.js';
export type { ExplainReport, ExplainedElement, ExplainedRule } from './explain/explain-report.js';
export type { RuleSite } from './explain/rule-site.js';
export type {
  CompiledExpression,
  CompileOptions,
  Engine,
  EngineOptions,
  EvaluateOptions,
  MappingResolver,
  VerboseReport,
} from './engine/types.js';
export { toLegacyErrorPayload, type MapxErrorPayload } from './legacy-payload.js';
export { compactJson, seededUuid } from './runtime/uuid.js';
export type { DeterministicOptions } from './runtime/deterministic.js';
export type { FunctionCallContext } from './functions/function-types.js';
export { createError, isCodedError, type MapxError } from './errors/mapx-error.js';
export { CATALOGUE, severityOf, levelOf, type CatalogueEntry } from './errors/catalogue.js';
export { exceedsDepth, DEFAULT_LIMITS, type Limits } from './runtime/limits.js';
export type { Diagnostic, Thresholds, EngineLogger } from './runtime/policy.js';
export { DEFAULT_THRESHOLDS } from './runtime/policy.js';
export { isCatastrophicRegex } from './runtime/guardrails.js';
export {
  builtinAliases,
  createServerConceptMapSource,
  type ServerConceptMapSource,
  type FhirConnectionResolver,
} from './functions/index.js';
// the FHIR REST client is shared with the FHIR-server store; its names stay part of the engine's API
export * from '@mapx/fhir-client';
