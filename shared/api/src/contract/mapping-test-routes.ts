import { z } from 'zod';
import {
  testCaseSchema,
  testCaseSummaryListSchema,
  testCaseSummarySchema,
  testCaseWriteSchema,
  testReportSchema,
  testResultSchema,
} from '../mapping-tests.js';
import { json, message } from './common.js';
import type { RouteContract } from './route-contract.js';

const tag = 'Mapping tests';
const mappingParams = z.object({ mappingId: z.string() });
const caseParams = z.object({ mappingId: z.string(), testName: z.string() });
const common = {
  '405': message('No mapping source configured'),
  '501': message('The store that holds the mappings keeps no test cases'),
} as const;

export const listMappingTestsRoute = {
  method: 'GET',
  url: '/MappingTests/:mappingId',
  tag,
  summary: "List a saved mapping's test cases",
  params: mappingParams,
  responses: {
    '200': json('The test cases, by name', testCaseSummaryListSchema),
    '400': message('Invalid mapping id'),
    ...common,
  },
} as const satisfies RouteContract;

export const readMappingTestRoute = {
  method: 'GET',
  url: '/MappingTests/:mappingId/:testName',
  tag,
  summary: 'Read one test case: its input and expected output',
  params: caseParams,
  responses: {
    '200': json('The test case', testCaseSchema),
    '400': message('Invalid mapping id or test name'),
    '404': message('No such test case'),
    ...common,
  },
} as const satisfies RouteContract;

export const putMappingTestRoute = {
  method: 'PUT',
  url: '/MappingTests/:mappingId/:testName',
  tag,
  summary: 'Create or replace a test case (enterprise, like mapping writes)',
  description:
    'testName must match ^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$ and inputExtension ^[a-z0-9]{1,16}$. Without ' +
    '`expected` the case has no expectation (its runs report no-expectation); accepting an output is a PUT ' +
    'with the actual output as `expected`.',
  params: caseParams,
  body: { 'application/json': testCaseWriteSchema },
  validatedBody: testCaseWriteSchema,
  responses: {
    '200': json('Replaced', testCaseSummarySchema),
    '201': json('Created', testCaseSummarySchema),
    '400': message('Invalid id, name, extension or body'),
    '409': message('Writes disabled'),
    '500': message('The store failed'),
    ...common,
  },
} as const satisfies RouteContract;

export const deleteMappingTestRoute = {
  method: 'DELETE',
  url: '/MappingTests/:mappingId/:testName',
  tag,
  summary: 'Delete a test case (enterprise, like mapping writes)',
  params: caseParams,
  responses: {
    '204': { description: 'Deleted' },
    '400': message('Invalid mapping id or test name'),
    '404': message('No such test case'),
    '409': message('Writes disabled'),
    '500': message('The store failed'),
    ...common,
  },
} as const satisfies RouteContract;

export const runMappingTestsRoute = {
  method: 'POST',
  url: '/MappingTests/:mappingId/$run',
  tag,
  summary: "Run all of a saved mapping's test cases",
  description:
    'Each case runs as POST /Mapping/{mappingId} on its input, in test mode: $now()/$millis() read ' +
    '2024-01-01T12:00:00.000Z and $uuid() without a seed gives a sequence seeded by mapping id and test name.',
  params: mappingParams,
  responses: {
    '200': json('One result per case', testReportSchema),
    '400': message('Invalid mapping id'),
    '404': message('The mapping is not served'),
    ...common,
  },
} as const satisfies RouteContract;

export const runMappingTestRoute = {
  method: 'POST',
  url: '/MappingTests/:mappingId/:testName/$run',
  tag,
  summary: 'Run one test case',
  params: caseParams,
  responses: {
    '200': json('The result', testResultSchema),
    '400': message('Invalid mapping id or test name'),
    '404': message('The mapping is not served, or no such test case'),
    ...common,
  },
} as const satisfies RouteContract;

export const mappingTestContracts: readonly RouteContract[] = [
  listMappingTestsRoute,
  readMappingTestRoute,
  putMappingTestRoute,
  deleteMappingTestRoute,
  runMappingTestsRoute,
  runMappingTestRoute,
];
