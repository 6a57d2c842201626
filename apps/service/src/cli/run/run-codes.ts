/**
 * Error codes of `mapx run` for inputs that failed before an evaluation (the reader's) or after it (the output's).
 * Evaluation failures keep the code of the evaluation's error payload (engine, normaliser or service code).
 */
export const RUN_ISSUES = {
  RUN_INPUT_TOO_LARGE: 'The input is larger than --max-input-bytes and was not mapped',
  RUN_INPUT_UNREADABLE: 'The input file could not be read',
  RUN_INPUT_INVALID: 'The input could not be split into records',
  RUN_EVALUATION_THREW: 'The evaluation failed unexpectedly',
  RUN_RESULT_NOT_JSON: 'The evaluation result is not JSON',
  RUN_POST_FAILED: 'The FHIR server refused or did not answer the result',
} as const;

export type RunIssueCode = keyof typeof RUN_ISSUES;

export interface RunIssue {
  readonly code: string;
  readonly message: string;
}

export function runIssue(code: RunIssueCode, detail?: string): RunIssue {
  return { code, message: detail ? `${RUN_ISSUES[code]}: ${detail}` : RUN_ISSUES[code] };
}
