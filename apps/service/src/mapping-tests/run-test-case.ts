import { isDeepStrictEqual } from 'node:util';
import type { MappingTestCase } from '@mapx/plugin-api';
import { exceedsDepth } from '@mapx/engine';
import type { MapxServices } from '../services.js';
import { runEvaluation } from '../evaluation/run-evaluation.js';
import { evaluationAnswer } from '../http/reply/evaluation-answer.js';
import { isBlank } from '../normalize/is-blank.js';
import { testDeterminism } from './test-clock.js';
import { testInputType } from './test-input-type.js';
import { outputDiff } from './output-diff.js';
import type { TestCaseResult } from './test-result.js';
import { caseBytes } from './test-bounds.js';

/**
 * Runs one test case as `POST /Mapping/{id}` would run its input (same normalisation, same bindings), in test
 * mode (fixed clock, seeded UUIDs), and compares the output with the stored expectation as JSON values.
 */
export async function runTestCase(
  services: MapxServices,
  mappingId: string,
  source: string,
  testCase: MappingTestCase,
): Promise<TestCaseResult> {
  const { name } = testCase;
  const limit = services.config.mappings.testCaseMaxBytes;
  const bytes = caseBytes(testCase);
  if (bytes > limit) {
    const message = `the case holds ${bytes} bytes of input and expectation, more than MAPX_TEST_CASE_MAX_BYTES (${limit}): not run`;
    return { name, outcome: 'error', message };
  }
  const contentType = testInputType(testCase.inputExtension, testCase.input);
  const outcome = await runEvaluation(services, {
    source,
    input: null,
    ...(isBlank(testCase.input) ? {} : { rawInput: { contentType, bytes: testCase.input } }),
    verbose: false,
    lowerCollect: false,
    bindings: { mapxHttpInvocation: invocation(mappingId, contentType) },
    deterministic: testDeterminism(mappingId, name),
  });
  // the result as JSON text (as a client of POST /Mapping/{id} reads it), its size checked before it is parsed
  const reply = evaluationAnswer(outcome, false);
  if (reply.status === 200 && reply.json !== undefined && reply.json.length > limit) {
    // not parsed nor carried: compact JSON longer than the expectation's stored text cannot equal it
    const message = `the output has ${reply.json.length} characters of JSON, more than MAPX_TEST_CASE_MAX_BYTES (${limit}): not reported`;
    const outcome = testCase.expected === undefined ? 'no-expectation' : 'failed';
    return { name, outcome, truncated: true, message };
  }
  const body = reply.json === undefined ? reply.body : (JSON.parse(reply.json) as unknown);
  if (reply.status !== 200) {
    const message = errorMessage(body) ?? `the mapping answered ${reply.status}`;
    return { name, outcome: 'error', status: reply.status, error: body, message };
  }
  // through JSON, as a client would see it: undefined members vanish, an empty result is null
  const actual = (body === undefined ? null : JSON.parse(JSON.stringify(body))) as unknown;
  if (testCase.expected === undefined) return { name, outcome: 'no-expectation', actual };
  let expected: unknown;
  try {
    expected = JSON.parse(testCase.expected);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return { name, outcome: 'error', actual, message: `${name}.expected.json is not valid JSON: ${detail}` };
  }
  // the comparison and the diff recurse: an expectation deeper than any input may be is refused, not followed
  const depth = services.config.eval.maxInputDepth;
  if (exceedsDepth(expected, depth))
    return {
      name,
      outcome: 'error',
      actual,
      message: `${name}.expected.json is nested deeper than ${depth} levels`,
    };
  if (isDeepStrictEqual(expected, actual)) return { name, outcome: 'passed', actual, expected };
  return { name, outcome: 'failed', actual, expected, diff: outputDiff(expected, actual) };
}

/** What a mapping reading `$mapxHttpInvocation` sees in a test run: a POST to the mapping without subroute. */
function invocation(mappingId: string, contentType: string) {
  return {
    mappingId,
    method: 'POST',
    subroute: [],
    subpath: '',
    query: {},
    headers: { 'content-type': contentType },
  };
}

function errorMessage(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}
