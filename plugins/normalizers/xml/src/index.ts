import { createRequire } from 'node:module';
import { z } from 'zod';
import { defineNormalizer, type NormalizeResult, type RawInput } from '@mapx/plugin-api';
import { parseXml } from '@mapx/xml';
import { convertGenericXml } from './convert-generic-xml.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

const xmlOptionsSchema = z.object({}).strict();
type XmlOptions = z.infer<typeof xmlOptionsSchema>;

/**
 * Generic XML (mapping-language §8.2, decision 23). It is the fallback for `application/xml`: the FHIR XML
 * normaliser claims documents whose root is in the FHIR namespace through its `accepts` hook.
 */
export default defineNormalizer<XmlOptions>({
  meta: {
    packageName: '@mapx/normalizer-xml',
    version,
    id: 'xml',
    apiVersion: 1,
    description: 'Generic XML to JSON (root unwrapped, text kept as written)',
  },
  optionsSchema: xmlOptionsSchema,
  mediaTypes: ['application/xml'],
  create: () => ({ normalize: normalizeXml }),
});

function normalizeXml(input: RawInput): NormalizeResult {
  const parsed = parseXml(input.body);
  if (!parsed.ok) return { ok: false, issues: [parsed.issue] };
  return { ok: true, value: parsed.root === undefined ? {} : convertGenericXml(parsed.root) };
}
