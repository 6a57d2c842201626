import { idListSchema, recacheResponseSchema, standardMappingListSchema } from '../messages.js';
import { MAPPING_TEXT_TYPES } from '../media-types.js';
import { enterpriseMessage, json, mappingIdParams, mapxText, message, text } from './common.js';
import type { RouteContract } from './route-contract.js';

const noSource = message('No mapping source configured');

export const listMappingsRoute = {
  method: 'GET',
  url: '/Mapping',
  tag: 'Mappings',
  summary: 'List the ids of saved mappings',
  responses: { '200': json('Mapping ids', idListSchema), '405': noSource },
} as const satisfies RouteContract;

export const listStandardMappingsRoute = {
  method: 'GET',
  url: '/Mapping/$standard',
  tag: 'Mappings',
  summary: 'List the built-in standard mappings',
  description:
    'The ids the built-in standard mappings serve (empty with MAPX_STANDARD_MAPPINGS=off), sorted, each with ' +
    'overridden: true when a mapping with that id in another store wins over it.',
  responses: {
    '200': json('Standard mappings', standardMappingListSchema),
    '405': noSource,
  },
} as const satisfies RouteContract;

export const readStandardMappingRoute = {
  method: 'GET',
  url: '/Mapping/$standard/:mappingId',
  tag: 'Mappings',
  summary: "Read a built-in standard mapping's own text",
  description: 'The standard mapping as shipped, also when a user mapping with the same id overrides it.',
  params: mappingIdParams,
  responses: {
    '200': mapxText('The standard mapping'),
    '404': message('No standard mapping with this id'),
    '405': noSource,
  },
} as const satisfies RouteContract;

export const readMappingRoute = {
  method: 'GET',
  url: '/Mapping/:mappingId',
  tag: 'Mappings',
  summary: 'Read a saved mapping',
  params: mappingIdParams,
  responses: {
    '200': mapxText('The stored expression'),
    '404': message('Not found'),
    '405': noSource,
  },
} as const satisfies RouteContract;

export const putMappingRoute = {
  method: 'PUT',
  url: '/Mapping/:mappingId',
  tag: 'Mappings',
  summary: 'Create or replace a saved mapping (enterprise)',
  description:
    'mappingId must match ^[A-Za-z][A-Za-z0-9]{0,63}$. PUT with no segment after the id is always an update. ' +
    'The stored mapping is compiled: header x-mapx-compile is ok, failed or unchecked (FHIR definitions not ' +
    'loaded yet); x-mapx-diagnostics holds the compile errors (all of them, up to 20) and static warnings as a ' +
    'JSON array of Diagnostic entries, each also a Warning header.',
  params: mappingIdParams,
  body: Object.fromEntries(MAPPING_TEXT_TYPES.map((t) => [t, text])),
  responses: {
    '200': mapxText('Updated; the stored expression'),
    '201': mapxText('Created; the stored expression'),
    '400': enterpriseMessage('Invalid id or empty expression'),
    '405': noSource,
    '409': enterpriseMessage('Writes disabled, no writable store, or a concurrent write'),
    '415': enterpriseMessage('Not mapping text, or an unsupported charset'),
    '500': enterpriseMessage('Internal error'),
  },
} as const satisfies RouteContract;

export const deleteMappingRoute = {
  method: 'DELETE',
  url: '/Mapping/:mappingId',
  tag: 'Mappings',
  summary: 'Delete a saved mapping (enterprise)',
  params: mappingIdParams,
  responses: {
    '200': enterpriseMessage('Deleted'),
    '400': enterpriseMessage('Invalid id'),
    '404': enterpriseMessage('Not found'),
    '405': noSource,
    '409': enterpriseMessage('Writes disabled, no writable store, or a built-in standard mapping'),
    '500': enterpriseMessage('Internal error'),
  },
} as const satisfies RouteContract;

export const recacheRoute = {
  method: 'POST',
  url: '/$recache',
  tag: 'Mappings',
  summary: 'Reload mappings, aliases and static values; flush the ConceptMap cache',
  responses: {
    '200': json('Reloaded', recacheResponseSchema),
    '405': noSource,
    '500': message('Reload failed; the previous cache stays'),
  },
} as const satisfies RouteContract;

export const deprecatedRecacheRoute = {
  method: 'POST',
  url: '/recache',
  tag: 'Mappings',
  summary: 'Deprecated alias of POST /$recache (Warning header, deprecated: true)',
  responses: {
    '200': json('Reloaded', recacheResponseSchema),
    '405': noSource,
    '500': message('Reload failed'),
  },
} as const satisfies RouteContract;

export const recacheGuidanceRoute = {
  method: 'GET',
  url: '/recache',
  tag: 'Mappings',
  summary: 'Always 405: use POST /$recache',
  responses: { '405': message('Guidance') },
} as const satisfies RouteContract;
