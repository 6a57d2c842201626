/**
 * Ids of saved mappings that mapx writes (mapping-language §9.7): a letter, then letters and digits, at most 64
 * characters. Valid as a file name on every platform and as a FHIR resource id.
 */
export const MAPPING_ID_PATTERN = /^[A-Za-z][A-Za-z0-9]{0,63}$/;

export function isValidMappingId(id: string): boolean {
  return MAPPING_ID_PATTERN.test(id);
}
