import { z } from 'zod';
import { html, json, message } from './common.js';
import type { RouteContract } from './route-contract.js';

export const designerConfigRoute = {
  method: 'GET',
  url: '/designer/config.json',
  tag: 'Designer',
  summary: 'Designer host configuration: {"authEnabled": MAPX_DESIGNER_AUTH_ENABLED}',
  responses: { '200': json('Configuration', z.object({ authEnabled: z.boolean() })) },
} as const satisfies RouteContract;

export const designerPageRoute = {
  method: 'GET',
  url: '/designer',
  tag: 'Designer',
  summary: 'The designer web app (redirects to /designer/); MAPX_DESIGNER_ENABLED',
  responses: { '200': html('The page'), '301': { description: 'Redirect to /designer/' } },
} as const satisfies RouteContract;

export const designerFilesRoute = {
  method: 'GET',
  url: '/designer/*',
  tag: 'Designer',
  summary: "The designer's static files (strict CSP; hashed assets immutable)",
  responses: { '200': { description: 'A file' }, '404': message('No such file') },
} as const satisfies RouteContract;

/** Served by `@fastify/static` and the designer plugin, not registered from the contract one by one. */
export const designerRoutes: readonly RouteContract[] = [
  designerConfigRoute,
  designerPageRoute,
  designerFilesRoute,
];
