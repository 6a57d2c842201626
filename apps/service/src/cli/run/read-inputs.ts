import { createReadStream, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { InputFormat } from './run-args.js';
import { readCsvRecords } from './csv-reader.js';
import { readHl7Messages } from './hl7-batch-reader.js';
import { readNdjson } from './ndjson-reader.js';
import { runIssue } from './run-codes.js';
import type { RecordInput, RunInput } from './run-input.js';
import { readJsonFile, readXmlFile } from './whole-file-reader.js';

export interface ReadOptions {
  readonly format: InputFormat;
  readonly maxInputBytes: number;
  readonly csvDelimiter: string;
  readonly csvGroupBy?: string;
  /** Bytes read from the input files so far (progress). */
  readonly onBytes: (n: number) => void;
}

const BY_EXTENSION: Readonly<Record<string, Exclude<InputFormat, 'auto'>>> = {
  hl7: 'hl7v2',
  er7: 'hl7v2',
  mllp: 'hl7v2',
  ndjson: 'ndjson',
  jsonl: 'ndjson',
  csv: 'csv',
  xml: 'xml',
  json: 'json',
};

/** Total size of the input files (progress and ETA); undefined for stdin. */
export function totalBytes(files: readonly string[]): number | undefined {
  if (files.includes('-')) return undefined;
  return files.reduce((sum, file) => sum + statSync(file).size, 0);
}

/**
 * Every record of every file, numbered in one sequence over the whole archive, in groups as the readers find them
 * (a read chunk's lines or messages): the thread that feeds every evaluation thread takes one asynchronous step per
 * group, not per record.
 */
export async function* readInputs(
  files: readonly string[],
  options: ReadOptions,
): AsyncGenerator<RunInput[]> {
  let seq = 0;
  for (const file of files) {
    const format = formatOf(file, options.format);
    if (format === undefined) {
      yield [
        {
          seq: seq++,
          position: { file, index: 1 },
          issue: runIssue('RUN_INPUT_INVALID', 'unknown format: give --format'),
        },
      ];
      continue;
    }
    for await (const records of readFile(file, format, options))
      yield records.map((record) => numbered(record, seq++));
  }
}

async function* readFile(
  file: string,
  format: Exclude<InputFormat, 'auto'>,
  options: ReadOptions,
): AsyncGenerator<RecordInput[]> {
  const stream: Readable = file === '-' ? process.stdin : createReadStream(file);
  try {
    yield* readStream(stream, file, format, options);
  } catch (err) {
    // an I/O failure (or a file removed since it was listed): this file stops, the run goes on
    yield [{ position: { file, index: 1 }, issue: runIssue('RUN_INPUT_UNREADABLE', (err as Error).message) }];
  } finally {
    if (file !== '-') stream.destroy();
  }
}

async function* readStream(
  stream: Readable,
  file: string,
  format: Exclude<InputFormat, 'auto'>,
  options: ReadOptions,
): AsyncGenerator<RecordInput[]> {
  const max = options.maxInputBytes;
  switch (format) {
    case 'hl7v2':
      return yield* readHl7Messages(stream, file, max, options.onBytes);
    case 'ndjson':
      return yield* readNdjson(stream, file, max, options.onBytes);
    case 'csv': {
      const csv = { delimiter: options.csvDelimiter, maxBytes: max, ...groupBy(options) };
      return yield* singly(readCsvRecords(stream, file, csv, options.onBytes));
    }
    case 'xml':
      return yield* singly(readXmlFile(stream, file, max, options.onBytes));
    case 'json':
      return yield* singly(readJsonFile(stream, file, max, options.onBytes));
  }
}

/** Each record a group of its own: readers that find their records one at a time (CSV rows, whole files). */
async function* singly(records: AsyncIterable<RecordInput>): AsyncGenerator<RecordInput[]> {
  for await (const record of records) yield [record];
}

/** Written out rather than spread: one per input, on the thread that feeds every evaluation thread. */
function numbered(record: RecordInput, seq: number): RunInput {
  return 'issue' in record
    ? { position: record.position, issue: record.issue, seq }
    : { position: record.position, contentType: record.contentType, bytes: record.bytes, seq };
}

function groupBy(options: ReadOptions) {
  return options.csvGroupBy === undefined ? {} : { groupBy: options.csvGroupBy };
}

function formatOf(file: string, format: InputFormat): Exclude<InputFormat, 'auto'> | undefined {
  if (format !== 'auto') return format;
  const ext = /\.([A-Za-z0-9]+)$/.exec(file)?.[1]?.toLowerCase() ?? '';
  return Object.hasOwn(BY_EXTENSION, ext) ? BY_EXTENSION[ext] : undefined;
}
