import { HL7_VERSIONS } from './dictionary.js';

/** The dictionary version used when MSH-12 is empty or names no version at all (the most widely sent one). */
export const DEFAULT_VERSION = '2.5.1';

export interface ResolvedVersion {
  /** One of HL7_VERSIONS. */
  readonly dictionary: string;
  /** Why `dictionary` is not what MSH-12 says; undefined when MSH-12 names it exactly. */
  readonly substitution?: {
    readonly code: 'HL7_VERSION_SUBSTITUTED' | 'HL7_NO_VERSION';
    readonly detail: string;
  };
}

const NUMBERED = /^v?(\d{1,3})\.(\d{1,4})(?:\.(\d{1,4}))?/i;

/**
 * Picks the dictionary for an MSH-12 Version ID. Exact match first; otherwise `fallback` when configured,
 * else the nearest earlier version with definitions (2.8.2 → 2.7.1, 2.3.z → 2.3), else the earliest (2.0 → 2.1);
 * empty or non-numeric text → `fallback` or DEFAULT_VERSION. Never refuses.
 */
export function resolveVersion(versionId: string, fallback: string | undefined): ResolvedVersion {
  if (HL7_VERSIONS.includes(versionId)) return { dictionary: versionId };
  const m = NUMBERED.exec(versionId);
  if (!m) {
    const dictionary = fallback ?? DEFAULT_VERSION;
    return versionId === ''
      ? { dictionary, substitution: { code: 'HL7_NO_VERSION', detail: `parsed with ${dictionary}` } }
      : substituted(versionId, dictionary);
  }
  if (fallback !== undefined) return substituted(versionId, fallback);
  const wanted = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  let nearest = HL7_VERSIONS[0]!;
  for (const version of HL7_VERSIONS) if (compare(numbers(version), wanted) <= 0) nearest = version;
  return substituted(versionId, nearest);
}

function substituted(versionId: string, dictionary: string): ResolvedVersion {
  const detail = `"${versionId}" parsed with the ${dictionary} definitions`;
  return { dictionary, substitution: { code: 'HL7_VERSION_SUBSTITUTED', detail } };
}

function numbers(version: string): number[] {
  const [a = 0, b = 0, c = 0] = version.split('.').map(Number);
  return [a, b, c];
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
