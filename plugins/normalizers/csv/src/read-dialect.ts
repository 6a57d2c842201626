import type { MediaType, NormalizeIssue } from '@mapx/plugin-api';
import type { CsvOptions } from './options.js';
import { detectDelimiter } from './detect-delimiter.js';

export interface CsvDialect {
  readonly delimiter: string;
  readonly header: boolean;
}

const NAMED: Readonly<Record<string, string>> = {
  tab: '\t',
  '\\t': '\t',
  semicolon: ';',
  comma: ',',
  pipe: '|',
};

/**
 * Reads `delimiter` and `header` from the media type parameters, falling back to the plugin options; an
 * `auto` delimiter is detected from the header line of `text`.
 */
export function readDialect(
  mediaType: MediaType,
  options: CsvOptions,
  text: string,
): CsvDialect | NormalizeIssue {
  const given = mediaType.params.delimiter;
  const named = given === undefined ? options.delimiter : (NAMED[given.toLowerCase()] ?? given);
  const delimiter = named.toLowerCase() === 'auto' ? detectDelimiter(text) : named;
  if (delimiter.length !== 1 || '"\r\n'.includes(delimiter)) {
    return {
      code: 'CSV_BAD_DELIMITER',
      message: `The delimiter parameter must be one character other than a quote or line break (or tab, semicolon, comma, pipe, auto); got ${JSON.stringify(given)}`,
      status: 415,
    };
  }
  const header = (mediaType.params.header ?? options.header).toLowerCase();
  if (header !== 'present' && header !== 'absent') {
    return {
      code: 'CSV_BAD_HEADER_PARAMETER',
      message: `The header parameter must be "present" or "absent"; got ${JSON.stringify(header)}`,
      status: 415,
    };
  }
  return { delimiter, header: header === 'present' };
}
