export { loadFhirContext } from './load-fhir-context.js';
export { FhirContextError, isFhirContextError, type FhirContextErrorCode } from './errors.js';
export type {
  FhirContext,
  FhirContextOptions,
  FhirLogger,
  PackageId,
  ResourceInfo,
  StructureDefinition,
  StructureDefinitionSummary,
} from './types.js';
export type { FhirElementDefinition, FhirStructureDefinition } from './fhir-types.js';
export type {
  CodeInput,
  Concept,
  ExpansionResult,
  MembershipResult,
  TerminologyRuntime,
  TranslateResult,
  UnknownReason,
} from './terminology/terminology-types.js';
export { parsePackageSpec, corePackageFor } from './packages/package-spec.js';
export * from './navigation/index.js';
