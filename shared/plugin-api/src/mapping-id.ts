/**
 * Ids of saved mappings that mapx writes (mapping-language §9.7): a letter, then letters and digits, at most 64
 * characters. Valid as a file name on every platform (Windows device names excluded) and as a FHIR resource id.
 */
export const MAPPING_ID_PATTERN = /^[A-Za-z][A-Za-z0-9]{0,63}$/;

/** Device names Windows reserves in every folder, with any extension (CON, NUL.mapx, COM1 …), any case. */
const WINDOWS_RESERVED = /^(?:CON|PRN|AUX|NUL|COM[0-9]|LPT[0-9])$/i;

export function isValidMappingId(id: string): boolean {
  return MAPPING_ID_PATTERN.test(id) && !WINDOWS_RESERVED.test(id);
}

/** Why a mapping id is refused (for the 400 message), or undefined when it is valid. */
export function mappingIdProblem(id: string): string | undefined {
  if (!MAPPING_ID_PATTERN.test(id))
    return 'a mapping id is a letter, then letters and digits, at most 64 characters';
  if (WINDOWS_RESERVED.test(id))
    return `'${id}' is a device name reserved on Windows, so a folder store could not hold it`;
  return undefined;
}
