import type { FhirStructureDefinition } from './fhir-types.js';
import type { TerminologyRuntime } from './terminology/terminology-types.js';

export type { FhirStructureDefinition as StructureDefinition } from './fhir-types.js';

export interface FhirLogger {
  debug(o: unknown, m?: string): void;
  info(o: unknown, m?: string): void;
  warn(o: unknown, m?: string): void;
  error(o: unknown, m?: string): void;
}

export interface FhirContextOptions {
  /** FHIR version of the context; selects the core package ('4.0.1' → hl7.fhir.r4.core@4.0.1). */
  fhirVersion: string;
  /** Extra packages, `id@version` or `id` (latest); already split and trimmed by the caller. */
  packages: readonly string[];
  /** Absolute path of the FHIR package cache (`<id>#<version>/package` layout). */
  cacheDir: string;
  /** npm-style registry replacing the public ones; `n/a` disables every registry. */
  registryUrl?: string | undefined;
  registryToken?: string | undefined;
  logger?: FhirLogger | undefined;
  /** Per-request timeout of registry metadata calls (ms, default 5000); tarballs get 20× this. */
  registryTimeoutMs?: number | undefined;
  /** Registries used when registryUrl is unset (default: packages.fhir.org then registry.npmjs.org). */
  defaultRegistries?: readonly string[] | undefined;
}

export interface PackageId {
  readonly id: string;
  readonly version: string;
}

export interface StructureDefinitionSummary {
  readonly id: string;
  readonly url: string;
  readonly name: string;
  readonly kind: string;
  readonly derivation?: string;
  readonly type: string;
  readonly package: string;
}

/** Where a conformance resource came from. */
export interface ResourceInfo {
  readonly resourceType: string;
  readonly id: string;
  readonly url?: string;
  readonly version?: string;
  readonly name?: string;
  /** `id#version` of the package that holds it. */
  readonly package: string;
}

export interface FhirContext {
  readonly fhirVersion: string;
  /** The full resolved context (requested + transitive + core), sorted by id then version. */
  readonly packages: readonly PackageId[];
  /** Stable cache key: sorted `id@version` of the root packages (core included). */
  readonly key: string;
  /** StructureDefinition with snapshot (generated when missing), by id, name or canonical URL (`|version` ok). */
  getStructureDefinition(idOrNameOrUrl: string): FhirStructureDefinition | undefined;
  /** Any conformance resource by type and id, name or canonical URL; `fromPackage` (`id#version`) is searched first. */
  resolve(
    resourceType: string,
    idOrNameOrUrl: string,
    fromPackage?: string,
  ): Record<string, unknown> | undefined;
  /** Like resolve, but metadata only (no file read). */
  resolveInfo(resourceType: string, idOrNameOrUrl: string, fromPackage?: string): ResourceInfo | undefined;
  listStructureDefinitions(): readonly StructureDefinitionSummary[];
  readonly terminology: TerminologyRuntime;
}
