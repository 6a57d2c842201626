import { createRequire } from 'node:module';
import { z } from 'zod';
import { defineNormalizer, parseJsonText, type NormalizeResult, type RawInput } from '@mapx/plugin-api';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

export const fhirJsonOptionsSchema = z
  .object({
    /** Reject input that is not a JSON object carrying a string `resourceType` (default: accept any JSON). */
    requireResourceType: z.boolean().default(false),
  })
  .strict();
export type FhirJsonOptions = z.infer<typeof fhirJsonOptionsSchema>;

/** FHIR JSON is already the shape expressions see: used as is, or parsed when it is a raw body. */
export default defineNormalizer<FhirJsonOptions>({
  meta: {
    packageName: '@mapx/normalizer-fhir-json',
    version,
    id: 'fhir-json',
    apiVersion: 1,
    description: 'FHIR JSON input (application/fhir+json): used as is, or parsed when it is a raw body',
  },
  optionsSchema: fhirJsonOptionsSchema,
  mediaTypes: ['application/fhir+json', 'application/json+fhir'],
  create: (options) => ({ normalize: (input) => normalizeFhirJson(input, options) }),
});

const utf8 = new TextDecoder();

function normalizeFhirJson(input: RawInput, options: FhirJsonOptions): NormalizeResult {
  let result: NormalizeResult = { ok: true, value: input.body };
  if (input.raw === true && typeof input.body === 'string') result = parseJsonText(input.body);
  else if (input.raw === true && input.body instanceof Uint8Array)
    result = parseJsonText(utf8.decode(input.body));
  if (!result.ok || !options.requireResourceType || hasResourceType(result.value)) return result;
  return {
    ok: false,
    issues: [
      {
        code: 'FHIR_JSON_NO_RESOURCE_TYPE',
        message: 'FHIR JSON input must be an object with a string "resourceType"',
        status: 422,
      },
    ],
  };
}

function hasResourceType(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { resourceType?: unknown }).resourceType === 'string'
  );
}
