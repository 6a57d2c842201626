import type { Readable } from 'node:stream';
import { runIssue } from './run-codes.js';
import type { RecordInput } from './run-input.js';
import { lineBatches } from '../../stream/split-lines.js';

/**
 * One record per non-blank line (JSON, parsed by the JSON normaliser where the evaluation runs), in groups: the
 * lines that each read chunk completes.
 */
export async function* readNdjson(
  stream: Readable,
  file: string,
  maxBytes: number,
  onBytes: (n: number) => void,
): AsyncGenerator<RecordInput[]> {
  let index = 0;
  for await (const lines of lineBatches(stream, maxBytes, onBytes)) {
    const records: RecordInput[] = [];
    for (const line of lines) {
      if (line.bytes !== undefined && isBlank(line.bytes)) continue;
      const position = { file, index: ++index, line: line.number };
      if (line.bytes === undefined)
        records.push({ position, issue: runIssue('RUN_INPUT_TOO_LARGE', `more than ${maxBytes} bytes`) });
      else records.push({ position, contentType: 'application/json', bytes: line.bytes });
    }
    if (records.length > 0) yield records;
  }
}

function isBlank(bytes: Buffer): boolean {
  for (const b of bytes) if (b !== 0x20 && b !== 0x09) return false;
  return true;
}
