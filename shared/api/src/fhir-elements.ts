import { z } from 'zod';

/**
 * One child element returned by `GET /fhir/elements?type=<id|name|url>&path=<dotted flash path>`:
 * the children of the element at `path` in the structure `type`, slices and choice forms included.
 * Used by the designer for path completion after `* `.
 */
export const fhirElementInfoSchema = z.object({
  /** Flash path segment as written in a rule: `status`, `value[x]`, `component`. */
  name: z.string(),
  /** JSON property names the element can produce: `valueQuantity`, `valueString`, or just `status`. */
  jsonNames: z.array(z.string()),
  /** `system`, `primitive-type`, `complex-type` or `resource`. */
  kind: z.string(),
  min: z.number(),
  /** `"1"`, `"*"`, … as in the ElementDefinition. */
  max: z.string(),
  /** True when the base definition's max is not 1 (always rendered as a JSON array). */
  isArray: z.boolean(),
  /** Allowed type codes (`Quantity`, `string`, …). */
  types: z.array(z.string()),
  sliceName: z.string().optional(),
  isSlice: z.boolean(),
  isChoice: z.boolean(),
  binding: z.object({ strength: z.string(), valueSet: z.string().optional() }).optional(),
  /** True when the element has a fixed value (`fixed[x]`): nothing to write there. */
  fixed: z.boolean().optional(),
  short: z.string().optional(),
});
export type FhirElementInfo = z.infer<typeof fhirElementInfoSchema>;

export const fhirElementListSchema = z.array(fhirElementInfoSchema);
