/** A JSON object (not an array, not null): what FHIR complex values and resources are. */
export const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
