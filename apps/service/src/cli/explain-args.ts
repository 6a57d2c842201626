import { readFileSync } from 'node:fs';
import type { EvalArgs } from './parse-args.js';
import { guessContentType } from '../normalize/guess-content-type.js';

/** The evaluation request fields of `--explain`: explain on, and the input's media type for its lines. */
export function explainFields(args: EvalArgs): { explain?: true; inputType?: string } {
  if (!args.explain) return {};
  if (!args.inputFile) return { explain: true };
  const inputType =
    args.contentType ?? guessContentType(args.inputFile, readFileSync(args.inputFile).toString('latin1'));
  return { explain: true, inputType };
}
