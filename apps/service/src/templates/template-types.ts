/**
 * The slice of the FHIR context the template generator needs. Kept structural (and loose on return types) so
 * that `@mapx/fhir`'s `FhirContext` satisfies it without this folder depending on its exact definition types.
 */
export interface TemplateFhirSource {
  getStructureDefinition(idOrNameOrUrl: string): unknown;
  listStructureDefinitions(): readonly DefinitionSummary[];
}

export interface DefinitionSummary {
  readonly id: string;
  readonly url: string;
  readonly name?: string | undefined;
  readonly kind: string;
  readonly derivation?: string | undefined;
  readonly type: string;
  readonly package?: unknown;
}

export interface TypeRef {
  readonly code: string;
  readonly profile?: readonly string[];
  readonly targetProfile?: readonly string[];
  readonly extension?: readonly {
    readonly url?: string;
    readonly valueUrl?: string;
    readonly valueUri?: string;
  }[];
}

export interface ElementDefinition {
  readonly id?: string;
  readonly path: string;
  readonly sliceName?: string;
  readonly min?: number;
  readonly max?: string;
  readonly type?: readonly TypeRef[];
  readonly contentReference?: string;
  readonly binding?: { readonly strength?: string; readonly valueSet?: string };
  readonly [key: string]: unknown;
}

export interface StructureDefinition {
  readonly resourceType: 'StructureDefinition';
  readonly id?: string;
  readonly url: string;
  readonly version?: string;
  readonly name?: string;
  readonly title?: string;
  readonly kind: string;
  readonly derivation?: string;
  readonly type: string;
  readonly baseDefinition?: string;
  readonly snapshot?: { readonly element: readonly ElementDefinition[] };
}

/** The four `$list` categories of the interface specification. */
export const TEMPLATE_KINDS = ['profile', 'resource', 'datatype', 'extension'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export function isTemplateKind(value: string): value is TemplateKind {
  return (TEMPLATE_KINDS as readonly string[]).includes(value);
}

/** Narrows whatever the context returned; a definition without a snapshot cannot yield a template. */
export function asStructureDefinition(value: unknown): StructureDefinition | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const sd = value as Partial<StructureDefinition>;
  if (sd.resourceType !== 'StructureDefinition' || typeof sd.url !== 'string') return undefined;
  if (!Array.isArray(sd.snapshot?.element)) return undefined;
  return sd as StructureDefinition;
}
