/** Structural FHIR shapes, compatible with FhirDefinitionLookup in @mapx/plugin-api (no import, by design). */
export interface FhirElementDefinition {
  id?: string;
  path: string;
  sliceName?: string;
  min?: number;
  max?: string;
  base?: { path: string; min: number; max: string };
  type?: { code: string; profile?: string[]; targetProfile?: string[]; [k: string]: unknown }[];
  contentReference?: string;
  slicing?: {
    discriminator?: { type: string; path: string }[];
    ordered?: boolean;
    rules?: string;
    [k: string]: unknown;
  };
  [key: string]: unknown;
}

export interface FhirStructureDefinition {
  resourceType: 'StructureDefinition';
  id?: string;
  url: string;
  name: string;
  type: string;
  kind: string;
  derivation?: string;
  baseDefinition?: string;
  snapshot?: { element: FhirElementDefinition[] };
  differential?: { element: FhirElementDefinition[] };
  [key: string]: unknown;
}
