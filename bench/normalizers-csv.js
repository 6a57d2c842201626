// CSV normaliser throughput on a generated 10,000-row file (quoted fields, dotted headers). Run after build.
import csv from '@mapx/normalizer-csv';
import { benchNormalizer, quietContext } from './normalizers-common.js';

const header = 'id,name.family,name.given,birthDate,gender,address.city,note,weight';
const rows = Array.from({ length: 10_000 }, (_, i) =>
  [
    i,
    `Family${i}`,
    `Given ${i % 97}`,
    `19${String(50 + (i % 50))}-0${1 + (i % 9)}-1${i % 10}`,
    i % 2 ? 'male' : 'female',
    `"City, ${i % 13}"`,
    `"said ""hi"" ${i}"`,
    (50 + (i % 400) / 10).toFixed(1),
  ].join(','),
);
const body = `${header}\r\n${rows.join('\r\n')}\r\n`;
const normalizer = await csv.create({ delimiter: ',', header: 'present' }, quietContext(undefined));
await benchNormalizer('csv-10000-rows', normalizer, 'text/csv', body, {
  fields: { unit: 'files/s', rows: 10_000 },
});
