import { createHash } from 'node:crypto';
import type { MappingTestCase, MappingTestCaseSummary } from '@mapx/plugin-api';
import { MAPX_CODE_SYSTEM } from './mapx-namespace.js';
import type { FhirResource } from './fhir-types.js';

/** The DocumentReference type of a mapx test case (docs/stores.md, *Test cases*). */
export const TEST_CASE_TYPE = {
  system: MAPX_CODE_SYSTEM,
  code: 'mapping-test-case',
  display: 'mapx test case',
};
/** `<mappingId>/<testName>`: what a test case is, readable on the server. */
export const TEST_CASE_IDENTIFIER_SYSTEM = 'http://mapx.dev/mapping-test-case';
const EXPECTED_TITLE = 'expected.json';

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  json: 'application/json',
  xml: 'application/xml',
  csv: 'text/csv',
  hl7: 'x-application/hl7-v2+er7',
};

/**
 * A FHIR id per (mapping, test name): test names may hold `_`, which FHIR ids do not allow, so the id is a digest
 * (`mapx-test-` + 40 hex digits, 50 characters) and the readable name lives in `identifier`.
 */
export function testCaseResourceId(mappingId: string, name: string): string {
  return `mapx-test-${createHash('sha1').update(`${mappingId}/${name}`).digest('hex')}`;
}

/** The search that lists a mapping's test cases. */
export function testCaseSearch(mappingId: string, pageSize: number): string {
  return `DocumentReference?related=${encodeURIComponent(`StructureMap/${mappingId}`)}&_count=${pageSize}`;
}

export function buildTestCaseDocument(mappingId: string, testCase: MappingTestCase): FhirResource {
  const content = [
    {
      attachment: {
        contentType: MEDIA_TYPES[testCase.inputExtension] ?? 'application/octet-stream',
        data: Buffer.from(testCase.input).toString('base64'),
        title: `${testCase.name}.${testCase.inputExtension}`,
      },
    },
  ];
  if (testCase.expected !== undefined)
    content.push({
      attachment: {
        contentType: 'application/json',
        data: Buffer.from(testCase.expected, 'utf8').toString('base64'),
        title: EXPECTED_TITLE,
      },
    });
  return {
    resourceType: 'DocumentReference',
    id: testCaseResourceId(mappingId, testCase.name),
    identifier: [{ system: TEST_CASE_IDENTIFIER_SYSTEM, value: `${mappingId}/${testCase.name}` }],
    status: 'current',
    type: { coding: [TEST_CASE_TYPE] },
    description: `mapx test case "${testCase.name}" of mapping ${mappingId}`,
    content,
    context: { related: [{ reference: `StructureMap/${mappingId}` }] },
  };
}

interface Attachment {
  readonly contentType?: string;
  readonly data?: string;
  readonly title?: string;
}

/** A test case read back; undefined when the resource is not one of mapping `mappingId`'s cases. */
export function readTestCaseDocument(mappingId: string, resource: FhirResource): MappingTestCase | undefined {
  const name = caseName(mappingId, resource);
  if (name === undefined) return undefined;
  const attachments = ((resource['content'] ?? []) as { attachment?: Attachment }[]).map(
    (c) => c.attachment ?? {},
  );
  const input = attachments.find((a) => a.title?.startsWith(`${name}.`));
  if (input?.data === undefined || input.title === undefined) return undefined;
  const expected = attachments.find((a) => a.title === EXPECTED_TITLE)?.data;
  return {
    name,
    inputExtension: input.title.slice(name.length + 1),
    input: new Uint8Array(Buffer.from(input.data, 'base64')),
    ...(expected === undefined ? {} : { expected: Buffer.from(expected, 'base64').toString('utf8') }),
  };
}

export function summarizeTestCase(testCase: MappingTestCase): MappingTestCaseSummary {
  return {
    name: testCase.name,
    inputExtension: testCase.inputExtension,
    hasExpected: testCase.expected !== undefined,
  };
}

function caseName(mappingId: string, resource: FhirResource): string | undefined {
  if (resource.resourceType !== 'DocumentReference') return undefined;
  const identifiers = (resource['identifier'] ?? []) as { system?: string; value?: string }[];
  const value = identifiers.find((i) => i.system === TEST_CASE_IDENTIFIER_SYSTEM)?.value;
  const prefix = `${mappingId}/`;
  return value?.startsWith(prefix) ? value.slice(prefix.length) : undefined;
}
