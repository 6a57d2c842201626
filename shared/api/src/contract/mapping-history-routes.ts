import { z } from 'zod';
import { mappingHistorySchema, VERSION_ID_HEADER, VERSION_SAVED_AT_HEADER } from '../mapping-history.js';
import { json, mapxText, message } from './common.js';
import type { RouteContract } from './route-contract.js';

const common = {
  '400': message('Invalid mapping id or version id'),
  '405': message('No mapping source configured'),
  '500': message('The store failed'),
  '501': message('The store that receives mapping writes keeps no history'),
} as const;

export const mappingHistoryRoute = {
  method: 'GET',
  url: '/Mapping/:mappingId/$history',
  tag: 'Mappings',
  summary: "List a saved mapping's versions, newest first",
  description:
    'The current version first (current: true), then the earlier versions the store keeps: the folder store ' +
    'keeps a bounded history of its own (MAPPINGS_HISTORY_MAX_VERSIONS, MAPPINGS_HISTORY_MAX_BYTES), the ' +
    "FHIR-server store reads the server's StructureMap/{mappingId}/_history. A deleted mapping may still list " +
    'its earlier versions; restoring one is a PUT /Mapping/{mappingId} of its text.',
  params: z.object({ mappingId: z.string() }),
  responses: {
    '200': json('The versions', mappingHistorySchema),
    '404': message('No such mapping and no kept versions'),
    ...common,
  },
} as const satisfies RouteContract;

export const mappingVersionRoute = {
  method: 'GET',
  url: '/Mapping/:mappingId/$history/:versionId',
  tag: 'Mappings',
  summary: 'Read one version of a saved mapping',
  description: `The body is the version's text; headers ${VERSION_ID_HEADER} and ${VERSION_SAVED_AT_HEADER} (when known) say which version it is.`,
  params: z.object({ mappingId: z.string(), versionId: z.string() }),
  responses: {
    '200': mapxText('The text of that version'),
    '404': message('No such version'),
    ...common,
  },
} as const satisfies RouteContract;

export const mappingHistoryContracts: readonly RouteContract[] = [mappingHistoryRoute, mappingVersionRoute];
