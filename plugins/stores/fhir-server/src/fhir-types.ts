/** The few FHIR shapes the store reads; everything else passes through untouched. */
export interface FhirResource {
  readonly resourceType: string;
  readonly id?: string;
  readonly meta?: { readonly versionId?: string; readonly lastUpdated?: string };
  readonly [key: string]: unknown;
}

export interface Coding {
  readonly system?: string;
  readonly code?: string;
  readonly display?: string;
}

export interface UsageContext {
  readonly code?: Coding;
  readonly valueCodeableConcept?: { readonly coding?: readonly Coding[] };
}
