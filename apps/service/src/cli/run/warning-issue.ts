import { warningText } from '../warning-text.js';
import type { RunIssue } from './run-codes.js';

/** A `Warning` header value of an evaluation as the errors file's code and message. */
export function warningIssue(header: string): RunIssue {
  const text = warningText(header);
  const colon = text.indexOf(': ');
  return colon > 0
    ? { code: text.slice(0, colon), message: text.slice(colon + 2) }
    : { code: 'WARNING', message: text };
}
