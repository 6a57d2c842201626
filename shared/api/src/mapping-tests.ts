import { z } from 'zod';

/** Bodies of the mapping-test routes (`/MappingTests/...`, docs/authoring.md#tests-beside-mappings). */
export const testCaseSummarySchema = z.object({
  name: z.string(),
  /** The input's file extension (lower case, no dot); it tells the input's media type. */
  inputExtension: z.string(),
  hasExpected: z.boolean(),
});
export type TestCaseSummary = z.infer<typeof testCaseSummarySchema>;
export const testCaseSummaryListSchema = z.array(testCaseSummarySchema);

export const testCaseSchema = z.object({
  name: z.string(),
  inputExtension: z.string(),
  /** The media type the input is run as (from the extension). */
  contentType: z.string(),
  /** The input as UTF-8 text. */
  input: z.string(),
  /** The expected output; absent while none is stored. */
  expected: z.unknown().optional(),
  /** Why a stored expectation could not be read (not valid JSON); `expected` is then absent. */
  expectedProblem: z.string().optional(),
});
export type TestCaseBody = z.infer<typeof testCaseSchema>;

/** PUT body: the input text and, optionally, the expected output (absent: the case has no expectation yet). */
export const testCaseWriteSchema = z.object({
  inputExtension: z.string(),
  input: z.string(),
  expected: z.unknown().optional(),
});
export type TestCaseWrite = z.infer<typeof testCaseWriteSchema>;

export const TEST_OUTCOMES = ['passed', 'failed', 'error', 'no-expectation'] as const;

export const testResultSchema = z.object({
  name: z.string(),
  outcome: z.enum(TEST_OUTCOMES),
  actual: z.unknown().optional(),
  expected: z.unknown().optional(),
  /** Unified diff, expected (-) against actual (+), keys sorted. */
  diff: z.string().optional(),
  status: z.number().optional(),
  error: z.unknown().optional(),
  message: z.string().optional(),
  durationMs: z.number().optional(),
  /** The output, expectation and diff were left out (MAPX_TEST_CASE_MAX_BYTES, or the report grew too large). */
  truncated: z.boolean().optional(),
});
export type TestResultBody = z.infer<typeof testResultSchema>;

export const testReportSchema = z.object({
  mappingId: z.string(),
  passed: z.number(),
  failed: z.number(),
  results: z.array(testResultSchema),
});
export type TestReportBody = z.infer<typeof testReportSchema>;
