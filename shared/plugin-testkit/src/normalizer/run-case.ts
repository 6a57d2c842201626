import { isDeepStrictEqual } from 'node:util';
import { parseMediaType, type NormalizeResult, type Normalizer, type RawInput } from '@mapx/plugin-api';
import type { NormalizerCase } from './case-file.js';
import { checkNormalizeResult } from './check-result.js';

export interface CaseOutcome {
  readonly name: string;
  readonly passed: boolean;
  /** Why the case failed; empty when it passed. */
  readonly problems: readonly string[];
  readonly result?: NormalizeResult;
}

/** Builds the RawInput of a case. Throws when the case's media type does not parse (a broken case). */
export function buildCaseInput(c: NormalizerCase): RawInput {
  const mediaType = parseMediaType(c.mediaType);
  if (!mediaType) throw new Error(`normaliser case ${c.name}: bad mediaType ${JSON.stringify(c.mediaType)}`);
  return { body: c.body, mediaType, ...(c.raw !== undefined && { raw: c.raw }) };
}

/** Runs one case against a normaliser and compares the outcome; never throws for a failing case. */
export async function runNormalizerCase(normalizer: Normalizer, c: NormalizerCase): Promise<CaseOutcome> {
  const input = buildCaseInput(c);
  const problems: string[] = [];
  if (c.accepts !== undefined) {
    const said = normalizer.accepts ? normalizer.accepts(input) : undefined;
    if (said !== c.accepts) problems.push(`accepts() gave ${String(said)}, expected ${String(c.accepts)}`);
  }
  let result: NormalizeResult;
  try {
    result = await normalizer.normalize(input);
  } catch (error) {
    return { name: c.name, passed: false, problems: [...problems, `normalize threw: ${describe(error)}`] };
  }
  problems.push(...checkNormalizeResult(result), ...compare(c, result));
  return { name: c.name, passed: problems.length === 0, problems, result };
}

function compare(c: NormalizerCase, result: NormalizeResult): string[] {
  const want = c.expect;
  if (want.kind === 'issue') {
    if (result.ok) return [`expected issue ${want.issue.code}, got a value: ${preview(result.value)}`];
    const first = result.issues[0];
    const mismatches = Object.entries(want.issue).filter(
      ([k, v]) => (first as unknown as Record<string, unknown> | undefined)?.[k] !== v,
    );
    return mismatches.length === 0
      ? []
      : [`expected issue ${JSON.stringify(want.issue)}, got ${JSON.stringify(result.issues)}`];
  }
  if (!result.ok) return [`expected a value, got issues ${JSON.stringify(result.issues)}`];
  const expected = want.kind === 'undefined' ? undefined : want.value;
  return isDeepStrictEqual(result.value, expected)
    ? []
    : [`value differs: expected ${preview(expected)}, got ${preview(result.value)}`];
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
