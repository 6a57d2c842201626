import type * as JestDiff from 'jest-diff';
import { stringify } from 'safe-stable-stringify';
import { requireCommonJs } from '../require-commonjs.js';

/**
 * jest-diff (with pretty-format and chalk) loads on the first failed test case, not at every start-up, where it
 * was a tenth of the service's CPU time to listen.
 */
let diffLinesUnified: typeof JestDiff.diffLinesUnified | undefined;

const plain = (text: string) => text;
const PLAIN = {
  aAnnotation: 'Expected',
  bAnnotation: 'Actual',
  expand: false,
  contextLines: 3,
  aColor: plain,
  bColor: plain,
  changeColor: plain,
  commonColor: plain,
  patchColor: plain,
};

/** JSON with sorted keys: two outputs that differ only in key order print alike. */
export function canonicalJson(value: unknown): string {
  return stringify(value, null, 2) ?? 'undefined';
}

/**
 * A readable line diff of two JSON values, expected (-) against actual (+), unchanged lines folded to 3 around each
 * change. Plain text: the CLI colours it on a terminal, the designer by line prefix.
 */
export function outputDiff(expected: unknown, actual: unknown): string {
  diffLinesUnified ??= (requireCommonJs('jest-diff') as typeof JestDiff).diffLinesUnified;
  return diffLinesUnified(canonicalJson(expected).split('\n'), canonicalJson(actual).split('\n'), PLAIN);
}
