import type { Readable } from 'node:stream';
import { parse, type Info } from 'csv-parse';
import { runIssue } from './run-codes.js';
import type { RecordInput } from './run-input.js';

const CSV = 'text/csv; charset=utf-8';

export interface CsvOptions {
  readonly delimiter: string;
  /** One record per run of consecutive rows with the same value in this column (else one per row). */
  readonly groupBy?: string;
  readonly maxBytes: number;
}

interface Row {
  readonly record: string[];
  readonly raw: string;
  readonly info: Info;
}

interface Group {
  key: string | undefined;
  rows: string[];
  bytes: number;
  line: number;
  tooLarge: boolean;
}

/**
 * CSV rows as records: each record is the header line plus its row(s), as CSV text, so the CSV normaliser reads
 * it where the evaluation runs exactly as it reads a posted CSV (same typing, same options). Rows are grouped only
 * when consecutive: a streamed file is never held whole, so a key's rows must be adjacent (sort the file by it).
 */
export async function* readCsvRecords(
  stream: Readable,
  file: string,
  options: CsvOptions,
  onBytes: (n: number) => void,
): AsyncGenerator<RecordInput> {
  stream.on('data', (chunk: Buffer) => onBytes(chunk.length));
  const parser = parse({
    raw: true,
    info: true,
    bom: true,
    delimiter: options.delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: options.maxBytes,
  });
  stream.once('error', (err) => parser.destroy(err));
  stream.pipe(parser);
  let header: string | undefined;
  let keyColumn = -1;
  let group: Group | undefined;
  let index = 0;
  let line = 1;
  const finish = (g: Group): RecordInput => {
    const position = { file, index: ++index, line: g.line };
    if (g.tooLarge)
      return { position, issue: runIssue('RUN_INPUT_TOO_LARGE', `more than ${options.maxBytes} bytes`) };
    return { position, contentType: CSV, bytes: Buffer.from(header + g.rows.join(''), 'utf8') };
  };
  try {
    for await (const row of parser as AsyncIterable<Row>) {
      const text = terminated(row.raw);
      const startLine = line;
      line += countNewlines(text);
      if (header === undefined) {
        header = text;
        keyColumn = findKeyColumn(row.record, options.groupBy);
        continue;
      }
      const key = keyColumn < 0 ? undefined : (row.record[keyColumn] ?? '');
      if (group && (keyColumn < 0 || key !== group.key)) {
        yield finish(group);
        group = undefined;
      }
      group ??= { key, rows: [], bytes: header.length, line: startLine, tooLarge: false };
      addRow(group, text, options.maxBytes);
    }
  } catch (err) {
    if (group) yield finish(group);
    group = undefined;
    // csv-parse stops at a malformed row: the rest of this file cannot be split reliably
    yield {
      position: { file, index: ++index, line },
      issue: runIssue('RUN_INPUT_INVALID', (err as Error).message),
    };
  }
  if (group) yield finish(group);
}

function findKeyColumn(header: string[], groupBy: string | undefined): number {
  if (groupBy === undefined) return -1;
  const at = header.indexOf(groupBy);
  if (at < 0) throw new Error(`--csv-group-by: the CSV header has no column "${groupBy}"`);
  return at;
}

function addRow(group: Group, text: string, maxBytes: number): void {
  if (group.tooLarge) return;
  group.bytes += text.length;
  if (group.bytes > maxBytes) {
    group.tooLarge = true;
    group.rows = [];
  } else group.rows.push(text);
}

/** csv-parse keeps only part of a two-character row delimiter in `raw`: every row is re-ended with LF. */
function terminated(raw: string): string {
  let end = raw.length;
  while (end > 0 && (raw[end - 1] === '\n' || raw[end - 1] === '\r')) end--;
  return `${raw.slice(0, end)}\n`;
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
