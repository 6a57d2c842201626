import { createRequire } from 'node:module';
import { defineNormalizer } from '@mapx/plugin-api';
import { createCsvNormalizer } from './create-csv-normalizer.js';
import { csvOptionsSchema, type CsvOptions } from './options.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/** CSV → an array of row objects keyed by the header row; `text/csv; delimiter=";"; header=absent` supported. */
export default defineNormalizer<CsvOptions>({
  meta: {
    packageName: '@mapx/normalizer-csv',
    version,
    id: 'csv',
    apiVersion: 1,
    description: 'CSV (header row as keys) to an array of row objects',
  },
  optionsSchema: csvOptionsSchema,
  mediaTypes: ['text/csv'],
  create: (options) => createCsvNormalizer(options),
});
