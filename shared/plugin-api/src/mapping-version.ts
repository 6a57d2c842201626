/**
 * Earlier versions of a saved mapping (docs/stores.md, "History"). Version ids are the store's own: file-name and
 * URL safe (the FHIR id pattern), so a host can put one in a path segment unescaped.
 */
export const MAPPING_VERSION_ID_PATTERN = /^[A-Za-z0-9.-]{1,64}$/;

export function isValidMappingVersionId(versionId: string): boolean {
  return MAPPING_VERSION_ID_PATTERN.test(versionId) && versionId !== '.' && versionId !== '..';
}

/** What a store lists of one version, without its text. */
export interface MappingVersionSummary {
  readonly versionId: string;
  /** When this version was saved (ISO 8601 instant), when the store knows it. */
  readonly savedAt?: string;
  /** True for the version the store serves now. */
  readonly current: boolean;
}

export interface MappingVersion extends MappingVersionSummary {
  readonly expression: string;
}
