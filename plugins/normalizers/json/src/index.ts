import { createRequire } from 'node:module';
import { z } from 'zod';
import { defineNormalizer, parseJsonText, type NormalizeResult, type RawInput } from '@mapx/plugin-api';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

export const jsonOptionsSchema = z.object({}).strict();
export type JsonOptions = z.infer<typeof jsonOptionsSchema>;

/**
 * Plain JSON. A parsed value (the `input` of `POST /`) is used as is — a JSON string stays a string; a raw
 * body (`raw: true`) is parsed, and malformed text is a located 400 issue.
 */
export default defineNormalizer<JsonOptions>({
  meta: {
    packageName: '@mapx/normalizer-json',
    version,
    id: 'json',
    apiVersion: 1,
    description: 'JSON input: used as is, or parsed when it is a raw body',
  },
  optionsSchema: jsonOptionsSchema,
  mediaTypes: ['application/json', 'text/json'],
  create: () => ({ normalize: normalizeJson }),
});

const utf8 = new TextDecoder();

function normalizeJson(input: RawInput): NormalizeResult {
  if (input.raw === true) {
    if (typeof input.body === 'string') return parseJsonText(input.body);
    if (input.body instanceof Uint8Array) return parseJsonText(utf8.decode(input.body));
  }
  return { ok: true, value: input.body };
}
