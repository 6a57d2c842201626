import { z } from 'zod';
import { idListSchema, TEMPLATE_TYPES } from '../messages.js';
import { enterpriseMessage, json, mapxText } from './common.js';
import type { RouteContract } from './route-contract.js';

export const templateWithoutIdRoute = {
  method: 'GET',
  url: '/Template',
  tag: 'Templates',
  summary: 'Without a template id: 400 (enterprise)',
  responses: { '400': enterpriseMessage('Missing template id') },
} as const satisfies RouteContract;

export const listTemplatesRoute = {
  method: 'GET',
  url: '/Template/$list',
  tag: 'Templates',
  summary: 'StructureDefinition ids of one kind (enterprise)',
  query: [
    { name: 'type', description: 'Kind of definition; omitted gives []', schema: z.enum(TEMPLATE_TYPES) },
  ],
  responses: {
    '200': json('Template ids', idListSchema),
    '500': enterpriseMessage('Invalid type'),
    '503': enterpriseMessage('FHIR context still loading'),
  },
} as const satisfies RouteContract;

export const templateRoute = {
  method: 'GET',
  url: '/Template/:templateId',
  tag: 'Templates',
  summary: 'A mapx template generated from a StructureDefinition (id, name or canonical URL; enterprise)',
  params: z.object({ templateId: z.string() }),
  responses: {
    '200': mapxText('Template source'),
    '400': enterpriseMessage('Missing template id'),
    '404': enterpriseMessage('Unknown template id'),
    '500': enterpriseMessage('Internal error'),
    '503': enterpriseMessage('FHIR context still loading'),
  },
} as const satisfies RouteContract;

export const templateByUrlRoute = {
  method: 'GET',
  url: '/Template/*',
  tag: 'Templates',
  summary: 'A template by unencoded canonical URL spread over several path segments (enterprise)',
  params: z.object({ '*': z.string() }),
  responses: {
    '200': mapxText('Template source'),
    '404': enterpriseMessage('Unknown template id'),
  },
} as const satisfies RouteContract;
