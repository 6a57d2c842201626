import type { Readable } from 'node:stream';
import { runIssue } from './run-codes.js';
import type { RecordInput } from './run-input.js';
import { splitLines } from '../../stream/split-lines.js';

/** One record per non-blank line (JSON, parsed by the JSON normaliser where the evaluation runs). */
export async function* readNdjson(
  stream: Readable,
  file: string,
  maxBytes: number,
  onBytes: (n: number) => void,
): AsyncGenerator<RecordInput> {
  let index = 0;
  for await (const line of splitLines(stream, maxBytes, onBytes)) {
    if (line.bytes !== undefined && isBlank(line.bytes)) continue;
    const position = { file, index: ++index, line: line.number };
    if (line.bytes === undefined)
      yield { position, issue: runIssue('RUN_INPUT_TOO_LARGE', `more than ${maxBytes} bytes`) };
    else yield { position, contentType: 'application/json', bytes: line.bytes };
  }
}

function isBlank(bytes: Buffer): boolean {
  for (const b of bytes) if (b !== 0x20 && b !== 0x09) return false;
  return true;
}
