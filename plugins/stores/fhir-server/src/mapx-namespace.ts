/**
 * Identifiers mapx writes into FHIR resources, and the reference engine's identifiers it also reads so that
 * existing deployments migrate without edits (mapping-language §0, §9.7). Documented in docs/stores.md.
 */
export const MAPX_CODE_SYSTEM = 'http://mapx.dev/codes';
export const MAPX_CODE = 'mapx';
export const MAPX_EXPRESSION_EXTENSION = 'http://mapx.dev/StructureDefinition/mapping-expression';
export const MAPX_ALIASES_NAME = 'MapxAliases';
export const MAPX_MEDIA_TYPE = 'application/vnd.vendor.mapx';

export const FUME_CODE_SYSTEM = 'http://codes.fume.health';
export const FUME_CODE = 'fume';
export const FUME_EXPRESSION_EXTENSION = 'http://fhir.fume.health/StructureDefinition/mapping-expression';
export const FUME_ALIASES_NAME = 'FumeAliases';

/** SNOMED CT "Information system software": the use context both engines put on their resources. */
export const SNOMED = 'http://snomed.info/sct';
export const INFORMATION_SYSTEM_SOFTWARE = '706594005';

export const EXPRESSION_EXTENSIONS: ReadonlySet<string> = new Set([
  MAPX_EXPRESSION_EXTENSION,
  FUME_EXPRESSION_EXTENSION,
]);

/** How an engine marks the StructureMap of a saved mapping (docs/stores.md, *Namespace*). */
export interface StructureMapMarks {
  /** The use-context coding, under SNOMED "Information system software". */
  readonly coding: { readonly system: string; readonly code: string; readonly display: string };
  readonly groupName: string;
  readonly expressionExtension: string;
  readonly expressionLanguage: string;
}

/** What mapx writes. */
export const MAPX_STRUCTURE_MAP_MARKS: StructureMapMarks = {
  coding: { system: MAPX_CODE_SYSTEM, code: MAPX_CODE, display: 'mapx' },
  groupName: 'mapxMapping',
  expressionExtension: MAPX_EXPRESSION_EXTENSION,
  expressionLanguage: MAPX_MEDIA_TYPE,
};

/** What the reference engine's tooling writes; mapx only reads it (tests build such maps with it). */
export const FUME_STRUCTURE_MAP_MARKS: StructureMapMarks = {
  coding: { system: FUME_CODE_SYSTEM, code: FUME_CODE, display: 'FUME' },
  groupName: 'fumeMapping',
  expressionExtension: FUME_EXPRESSION_EXTENSION,
  expressionLanguage: 'application/vnd.outburn.fume',
};
