// JSON normaliser: a raw FHIR JSON body (parsed) and a POST / input (used as is). Run after build.
import { readFileSync } from 'node:fs';
import fhirJson from '@mapx/normalizer-fhir-json';
import { benchNormalizer, quietContext } from './normalizers-common.js';

const example = new URL(
  '../plugins/normalizers/fhir-xml/test/fixtures/r4/bundle-example.json',
  import.meta.url,
);
const text = readFileSync(example, 'utf8');
const normalizer = await fhirJson.create({ requireResourceType: false }, quietContext(undefined));
await benchNormalizer('fhir-json-raw-bundle', normalizer, 'application/fhir+json', text, {
  input: { raw: true },
  fields: { unit: 'bodies/s' },
});
