import type { ElementInfo } from '@mapx/fhir';

/** Optional elements that are "safe to inject" when they have a fixed/pattern value (§5.1), by base path. */
const WHITELIST = new Set([
  'Coding.system',
  'Coding.code',
  'Coding.userSelected',
  'Coding.version',
  'Coding.display',
  'CodeableConcept.text',
  'Quantity.system',
  'Quantity.code',
  'Quantity.value',
  'Quantity.comparator',
  'Quantity.unit',
  'Identifier.system',
  'Identifier.value',
  'Identifier.type',
  'Identifier.use',
]);

/** Whether a child may get an autovalue at all (mandatory, or whitelisted by base path). */
export function isAutoCandidate(kid: ElementInfo): boolean {
  if (kid.max === '0' || kid.jsonNames.length > 1) return false;
  return kid.min >= 1 || WHITELIST.has(kid.basePath);
}
