import { z } from 'zod';
import { healthSchema, serverInfoSchema } from '../server-info.js';
import { pluginInfoSchema } from '../plugins-info.js';
import { fhirElementListSchema } from '../fhir-elements.js';
import { html, json, jsonObject, message, text } from './common.js';
import type { RouteContract } from './route-contract.js';

export const serverInfoRoute = {
  method: 'GET',
  url: '/',
  tag: 'Server',
  summary: 'Server information',
  responses: { '200': json('Server info', serverInfoSchema) },
} as const satisfies RouteContract;

export const healthRoute = {
  method: 'GET',
  url: '/health',
  tag: 'Server',
  summary: 'Health and warm-up state (never needs authentication)',
  responses: {
    '200': json('Health', healthSchema),
    '503': json('Draining after SIGTERM (status DRAINING)', healthSchema),
  },
} as const satisfies RouteContract;

export const livenessRoute = {
  method: 'GET',
  url: '/health/live',
  tag: 'Server',
  summary: 'Liveness: the process answers (stays 200 while draining; never needs authentication)',
  responses: { '200': json('Alive', healthSchema.pick({ status: true })) },
} as const satisfies RouteContract;

export const readinessRoute = {
  method: 'GET',
  url: '/health/ready',
  tag: 'Server',
  summary: 'Readiness: 200 once warmed up, 503 while warming up or draining (never needs authentication)',
  responses: {
    '200': json('Ready (status UP or DEGRADED)', healthSchema),
    '503': json('Not ready (status WARMING_UP or DRAINING)', healthSchema),
  },
} as const satisfies RouteContract;

export const metricsRoute = {
  method: 'GET',
  url: '/metrics',
  tag: 'Server',
  summary: 'Prometheus metrics (text exposition format; with MAPX_WORKERS, summed over every worker)',
  responses: { '200': { description: 'Metrics', content: { 'text/plain': text } } },
} as const satisfies RouteContract;

export const pluginsRoute = {
  method: 'GET',
  url: '/plugins',
  tag: 'Server',
  summary: 'Loaded plugins',
  responses: { '200': json('Plugins', z.array(pluginInfoSchema)) },
} as const satisfies RouteContract;

export const openApiJsonRoute = {
  method: 'GET',
  url: '/api-docs/openapi.json',
  tag: 'Server',
  summary: 'This OpenAPI document',
  responses: { '200': json('OpenAPI 3.1 document', jsonObject) },
} as const satisfies RouteContract;

export const apiDocsRoute = {
  method: 'GET',
  url: '/api-docs',
  tag: 'Server',
  summary: 'Interactive API documentation (Swagger UI on this document; never needs authentication)',
  responses: { '200': html('HTML page') },
} as const satisfies RouteContract;

export const apiDocsAssetRoute = {
  method: 'GET',
  url: '/api-docs/:file',
  tag: 'Server',
  summary: "The API documentation page's scripts, stylesheets and icon (never need authentication)",
  params: z.object({ file: z.string() }),
  responses: {
    '200': { description: 'The file (JavaScript, CSS or PNG)' },
    '404': message('No such file'),
  },
} as const satisfies RouteContract;

export const fhirElementsRoute = {
  method: 'GET',
  url: '/fhir/elements',
  tag: 'FHIR',
  summary: 'Children of an element of a type or profile (for completion): slices and choice forms included',
  query: [
    {
      name: 'type',
      description: 'StructureDefinition id, name or canonical URL (required)',
      schema: z.string(),
    },
    {
      name: 'path',
      description: 'FLASH path from the root, e.g. component[SystolicBP].value; empty for the root',
      schema: z.string(),
    },
  ],
  responses: {
    '200': json('Child elements', fhirElementListSchema),
    '400': message('Missing type or malformed path'),
    '404': message('Unknown type or element'),
    '503': message('FHIR context still loading'),
  },
} as const satisfies RouteContract;
