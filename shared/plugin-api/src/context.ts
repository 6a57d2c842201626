/** Structured logger handed to plugins (a pino child logger in the service). */
export interface PluginLogger {
  debug(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

/**
 * Read-only view of the FHIR definitions loaded by the host, enough for plugins that need FHIR knowledge
 * (the FHIR XML normaliser needs cardinality and types). Structural so that plugin-api imports nothing of ours.
 */
export interface FhirDefinitionLookup {
  /** StructureDefinition (with snapshot) by id, name or canonical URL; undefined when unknown. */
  getStructureDefinition(idOrUrl: string): FhirStructureDefinition | undefined;
}

export interface FhirStructureDefinition {
  readonly resourceType: 'StructureDefinition';
  readonly id?: string;
  readonly url: string;
  readonly name: string;
  readonly type: string;
  readonly kind: string;
  readonly derivation?: string;
  readonly baseDefinition?: string;
  readonly snapshot?: { readonly element: readonly FhirElementDefinition[] };
  readonly differential?: { readonly element: readonly FhirElementDefinition[] };
  readonly [key: string]: unknown;
}

export interface FhirElementDefinition {
  readonly id?: string;
  readonly path: string;
  readonly sliceName?: string;
  readonly min?: number;
  readonly max?: string;
  readonly base?: { readonly path: string; readonly min: number; readonly max: string };
  readonly type?: readonly {
    readonly code: string;
    readonly profile?: readonly string[];
    readonly [k: string]: unknown;
  }[];
  readonly contentReference?: string;
  readonly [key: string]: unknown;
}

export interface PluginContext {
  readonly logger: PluginLogger;
  /** Frozen copy of the process environment the host started with. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * FHIR definitions; available once the host's warm-up has loaded the FHIR context. A function so that a
   * plugin created before warm-up ends sees the context as soon as it is ready.
   */
  readonly fhir: () => FhirDefinitionLookup | undefined;
}
