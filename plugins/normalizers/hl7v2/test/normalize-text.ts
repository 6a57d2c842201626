import {
  parseMediaType,
  type MediaType,
  type NormalizeResult,
  type NormalizeWarning,
} from '@mapx/plugin-api';
import { createHl7v2Normalizer } from '../src/create-hl7v2-normalizer.js';
import type { Hl7v2Options } from '../src/options.js';

const mediaType = parseMediaType('x-application/hl7-v2+er7') as MediaType;

/** Runs the real normaliser (default options unless given) on a text or bytes body. */
export function normalizeText(
  body: string | Uint8Array,
  options: Partial<Hl7v2Options> = {},
): NormalizeResult {
  const normalizer = createHl7v2Normalizer({ preloadVersions: [], ...options });
  return normalizer.normalize({ body, mediaType }) as NormalizeResult;
}

/** Converted HL7 JSON, read freely by the tests (its shape is what they assert). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of many shapes
export type Converted = any;

/** The value and warning codes of a result that must have succeeded. */
export function parsed(result: NormalizeResult): {
  value: Converted;
  codes: string[];
  warnings: NormalizeWarning[];
} {
  if (!result.ok) throw new Error(`expected a value, got ${JSON.stringify(result.issues)}`);
  const warnings = [...(result.warnings ?? [])];
  return { value: result.value, codes: warnings.map((w) => w.code), warnings };
}
