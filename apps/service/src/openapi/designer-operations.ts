import type { OperationSpec } from './operation.js';

export const designerOperations: readonly OperationSpec[] = [
  {
    method: 'get',
    path: '/designer/config.json',
    tag: 'Designer',
    summary: 'Designer host configuration: {"authEnabled": MAPX_DESIGNER_AUTH_ENABLED}',
    responses: { '200': ['Configuration', { 'application/json': 'object' }] },
  },
  {
    method: 'get',
    path: '/designer',
    tag: 'Designer',
    summary: 'The designer web app (redirects to /designer/); MAPX_DESIGNER_ENABLED',
    responses: { '200': ['The page', { 'text/html': '' }], '301': ['Redirect to /designer/'] },
  },
  {
    method: 'get',
    path: '/designer/{subroute}',
    tag: 'Designer',
    summary: "The designer's static files (strict CSP; hashed assets immutable)",
    responses: { '200': ['A file'], '404': ['No such file', { 'application/json': 'Message' }] },
  },
];
