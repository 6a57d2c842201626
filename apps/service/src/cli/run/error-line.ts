import type { RunIssue } from './run-codes.js';
import type { RunInput } from './run-input.js';

/** One line of the errors NDJSON: where the input is, and what went wrong with it (or what was lossy). */
export function errorLine(
  input: RunInput,
  issue: RunIssue & { status?: number },
  level: 'error' | 'warning',
): string {
  const { file, index, line } = input.position;
  return `${JSON.stringify({
    level,
    file,
    index,
    ...(line === undefined ? {} : { line }),
    seq: input.seq,
    code: issue.code,
    message: issue.message,
    ...(issue.status === undefined ? {} : { status: issue.status }),
  })}\n`;
}
