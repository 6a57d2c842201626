import { parse } from 'csv-parse/sync';
import type { NormalizeIssue, NormalizeResult, Normalizer, RawInput } from '@mapx/plugin-api';
import { buildColumnPaths, buildRows } from './build-rows.js';
import { duplicateHeaders } from './duplicate-headers.js';
import { findUnclosedQuoteLine } from './find-open-quote.js';
import type { CsvOptions } from './options.js';
import { readDialect, type CsvDialect } from './read-dialect.js';

const utf8 = new TextDecoder();

/** CSV → an array of row objects (mapping-language §8.3); every value stays the string it was. */
export function createCsvNormalizer(options: CsvOptions): Normalizer {
  return { normalize: (input) => normalizeCsv(input, options) };
}

function normalizeCsv(input: RawInput, options: CsvOptions): NormalizeResult {
  const body = input.body;
  const text = typeof body === 'string' ? body : body instanceof Uint8Array ? utf8.decode(body) : undefined;
  if (text === undefined) {
    const got = body === null ? 'null' : Array.isArray(body) ? 'array' : typeof body;
    return fail({ code: 'CSV_NOT_TEXT', message: `The CSV input must be text; got ${got}`, status: 400 });
  }
  const dialect = readDialect(input.mediaType, options, text);
  if ('code' in dialect) return fail(dialect);
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      trim: true,
      delimiter: dialect.delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    return fail(describeParseError(error, text, dialect));
  }
  if (!dialect.header) return { ok: true, value: buildRows(records, []) };
  const [header, ...rows] = records;
  if (header === undefined) return { ok: true, value: [] };
  const warnings = duplicateHeaders(header);
  const value = buildRows(rows, buildColumnPaths(header));
  return warnings.length === 0 ? { ok: true, value } : { ok: true, value, warnings };
}

function describeParseError(error: unknown, text: string, dialect: CsvDialect): NormalizeIssue {
  const e = error as { code?: string; message?: string; lines?: number };
  if (e.code === 'CSV_QUOTE_NOT_CLOSED') {
    const line = findUnclosedQuoteLine(text, dialect.delimiter) ?? e.lines;
    return {
      code: 'CSV_UNTERMINATED_QUOTE',
      message: `Malformed CSV: the quote opened on line ${line} is never closed`,
      status: 422,
      ...(line !== undefined && { line }),
    };
  }
  return {
    code: 'CSV_MALFORMED',
    message: `Malformed CSV: ${e.message ?? String(error)}`,
    status: 422,
    ...(typeof e.lines === 'number' && e.lines >= 1 && { line: e.lines }),
  };
}

function fail(issue: NormalizeIssue): NormalizeResult {
  return { ok: false, issues: [issue] };
}
