import type { NormalizeIssue } from '@mapx/plugin-api';

/** The HL7 v2 normaliser's error catalogue (all 422 except non-text bodies). */
export const HL7_ISSUES = {
  HL7_NOT_TEXT: 'The HL7 v2 input must be text',
  HL7_EMPTY: 'The HL7 v2 input is empty',
  HL7_NO_MSH: 'The HL7 v2 input does not start with an MSH segment',
  HL7_BAD_MSH: 'The MSH segment does not declare usable delimiters (MSH-1, MSH-2)',
  HL7_NO_VERSION: 'MSH-12 (Version ID) is empty',
  HL7_UNKNOWN_VERSION: 'The HL7 v2 version in MSH-12 is not supported',
  HL7_BAD_SEGMENT: 'A line is not an HL7 v2 segment',
} as const;

export type Hl7IssueCode = keyof typeof HL7_ISSUES;

export function hl7Issue(code: Hl7IssueCode, detail: string, line?: number): NormalizeIssue {
  const message = detail === '' ? HL7_ISSUES[code] : `${HL7_ISSUES[code]}: ${detail}`;
  return {
    code,
    message,
    status: code === 'HL7_NOT_TEXT' ? 400 : 422,
    ...(line !== undefined && { line }),
  };
}
