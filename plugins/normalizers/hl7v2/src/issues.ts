import type { NormalizeIssue, NormalizeWarning } from '@mapx/plugin-api';

/** The HL7 v2 normaliser's error catalogue (all 422 except non-text bodies). */
export const HL7_ISSUES = {
  HL7_NOT_TEXT: 'The HL7 v2 input must be text',
  HL7_EMPTY: 'The HL7 v2 input is empty',
  HL7_NO_MSH: 'The HL7 v2 input holds no MSH segment',
  HL7_BAD_MSH: 'The MSH segment does not declare usable delimiters (MSH-1, MSH-2)',
} as const;

/** The HL7 v2 normaliser's warning catalogue: the input was converted, but not exactly as written. */
export const HL7_WARNINGS = {
  HL7_VERSION_SUBSTITUTED: 'MSH-12 names a version without its own definitions; another version was used',
  HL7_NO_VERSION: 'MSH-12 (Version ID) is empty; a default version was used',
  HL7_MSH2_DOUBLED_ESCAPE:
    'MSH-2 repeats the escape character; read as the standard four encoding characters',
  HL7_LINES_SKIPPED: 'Lines before the first MSH segment are not HL7 v2 segments and were skipped',
  HL7_NOT_A_SEGMENT: 'A line inside a message is not an HL7 v2 segment; kept as written under UnparsedLines',
  HL7_EMPTY_BATCH: 'The batch holds no message',
  HL7_INVALID_DATE: 'A date/time value is not a valid HL7 date; kept exactly as written',
  HL7_TOO_MANY_WARNINGS: 'Further warnings of this input were left out',
} as const;

export type Hl7IssueCode = keyof typeof HL7_ISSUES;
export type Hl7WarningCode = keyof typeof HL7_WARNINGS;

export function hl7Issue(code: Hl7IssueCode, detail: string, line?: number): NormalizeIssue {
  return {
    code,
    message: withDetail(HL7_ISSUES[code], detail),
    status: code === 'HL7_NOT_TEXT' ? 400 : 422,
    ...(line !== undefined && { line }),
  };
}

export function hl7Warning(code: Hl7WarningCode, detail: string, line?: number): NormalizeWarning {
  return { code, message: withDetail(HL7_WARNINGS[code], detail), ...(line !== undefined && { line }) };
}

function withDetail(message: string, detail: string): string {
  return detail === '' ? message : `${message}: ${detail}`;
}
