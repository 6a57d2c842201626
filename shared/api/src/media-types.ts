export { HL7_V2_MEDIA_TYPE, HL7_V2_MEDIA_TYPE_ALIASES, HL7_V2_MEDIA_TYPES } from '@mapx/hl7v2';

/** Media type of a saved mapping's text (and of a template). */
export const MAPX_MEDIA_TYPE = 'application/vnd.vendor.mapx';
/** The Content-Type the service answers mapping text with. */
export const MAPX_TEXT_CONTENT_TYPE = `${MAPX_MEDIA_TYPE}; charset=utf-8`;
/** The Content-Type of every JSON answer of the service. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
/** RFC 9457 problem details (the authentication endpoints). */
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';
/** What a mapping write accepts besides the mapx media type. */
export const MAPPING_TEXT_TYPES = [MAPX_MEDIA_TYPE, 'text/plain'] as const;
/** NDJSON (docs/bulk.md): one input per line, answered line by line on POST / and POST /Mapping/{id}. */
export const NDJSON_MEDIA_TYPES = ['application/x-ndjson', 'application/fhir+ndjson'] as const;
