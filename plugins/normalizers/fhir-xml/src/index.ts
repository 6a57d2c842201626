import { createRequire } from 'node:module';
import { z } from 'zod';
import { defineNormalizer } from '@mapx/plugin-api';
import { createFhirXmlNormalizer } from './create-fhir-xml-normalizer.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

const fhirXmlOptionsSchema = z.object({}).strict();
type FhirXmlOptions = z.infer<typeof fhirXmlOptionsSchema>;

/**
 * FHIR XML → canonical FHIR JSON using the host's StructureDefinitions. Also declares `application/xml`
 * and claims, through `accepts`, the documents whose root is in the FHIR namespace.
 */
export default defineNormalizer<FhirXmlOptions>({
  meta: {
    packageName: '@mapx/normalizer-fhir-xml',
    version,
    id: 'fhir-xml',
    apiVersion: 1,
    description: 'FHIR XML to canonical FHIR JSON (needs the FHIR definitions)',
  },
  optionsSchema: fhirXmlOptionsSchema,
  mediaTypes: ['application/fhir+xml', 'application/xml+fhir', 'application/xml'],
  create: (_options, ctx) => createFhirXmlNormalizer(ctx),
});
