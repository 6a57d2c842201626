import { J, MAPX_TEXT, type OperationSpec } from './operation.js';

export const templateOperations: readonly OperationSpec[] = [
  {
    method: 'get',
    path: '/Template',
    tag: 'Templates',
    summary: 'Without a template id: 400 (enterprise)',
    responses: { '400': ['Missing template id', J('EnterpriseMessage')] },
  },
  {
    method: 'get',
    path: '/Template/$list',
    tag: 'Templates',
    summary: 'StructureDefinition ids of one kind (enterprise)',
    query: [
      {
        name: 'type',
        description: 'Kind of definition; omitted gives []',
        enum: ['profile', 'resource', 'datatype', 'extension'],
      },
    ],
    responses: {
      '200': ['Template ids', J('StringList')],
      '500': ['Invalid type', J('EnterpriseMessage')],
      '503': ['FHIR context still loading', J('EnterpriseMessage')],
    },
  },
  {
    method: 'get',
    path: '/Template/{templateId}',
    tag: 'Templates',
    summary: 'A mapx template generated from a StructureDefinition (id, name or canonical URL; enterprise)',
    responses: {
      '200': ['Template source', MAPX_TEXT],
      '400': ['Missing template id', J('EnterpriseMessage')],
      '404': ['Unknown template id', J('EnterpriseMessage')],
      '500': ['Internal error', J('EnterpriseMessage')],
      '503': ['FHIR context still loading', J('EnterpriseMessage')],
    },
  },
  {
    method: 'get',
    path: '/Template/{subroute}',
    tag: 'Templates',
    summary: 'A template by unencoded canonical URL spread over several path segments (enterprise)',
    responses: {
      '200': ['Template source', MAPX_TEXT],
      '404': ['Unknown template id', J('EnterpriseMessage')],
    },
  },
];
