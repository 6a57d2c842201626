import { HL7_V2_MEDIA_TYPE } from '@mapx/hl7v2';
import { z } from 'zod';

/** The six input formats the service normalises (service-interface.md, POST /Mapping/{mappingId}). */
export const INPUT_CONTENT_TYPES = [
  'application/json',
  'application/fhir+json',
  'application/xml',
  'application/fhir+xml',
  'text/csv',
  HL7_V2_MEDIA_TYPE,
] as const;
export type InputContentType = (typeof INPUT_CONTENT_TYPES)[number];

/** Body of `POST /` (ad-hoc evaluation). */
export const evaluateRequestSchema = z.object({
  mapx: z.string(),
  input: z.unknown().optional(),
  // a contentType that is not a string has always been ignored (read as absent), not refused
  contentType: z.string().optional().catch(undefined),
  /** `true` as the `explain` query parameter: a verbose report with an `explain` section. */
  explain: z.boolean().optional().catch(undefined),
});
export type EvaluateRequest = z.infer<typeof evaluateRequestSchema>;
