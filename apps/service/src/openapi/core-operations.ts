import { J, MAPX_TEXT, type OperationSpec } from './operation.js';

const INPUT_TYPES = {
  'application/json': '',
  'application/fhir+json': '',
  'application/xml': '',
  'application/fhir+xml': '',
  'text/csv': '',
  'x-application/hl7-v2+er7': '',
  'application/hl7-v2': '',
  'application/hl7-v2+er7': '',
};
const EXEC_RESPONSES = {
  '200': ['The result (any JSON); with verbose, a verbose report', J('VerboseReport')],
  '206': ['Partial result with diagnostics (verbose report)', J('VerboseReport')],
  '404': ['Mapping not found', J('Message')],
  '405': ['No mapping source configured', J('Message')],
  '415': ['Unsupported media type', J('Message')],
  '422': ['Compilation or evaluation error', J('MapxError')],
} as const;

/** The routes of the base service. Other areas (auth, templates, designer) add their own lists. */
export const coreOperations: readonly OperationSpec[] = [
  {
    method: 'get',
    path: '/',
    tag: 'Server',
    summary: 'Server information',
    responses: { '200': ['Server info', J('ServerInfo')] },
  },
  {
    method: 'get',
    path: '/health',
    tag: 'Server',
    summary: 'Health and warm-up state (never needs authentication)',
    responses: {
      '200': ['Health', J('Health')],
      '503': ['Draining after SIGTERM (status DRAINING)', J('Health')],
    },
  },
  {
    method: 'get',
    path: '/plugins',
    tag: 'Server',
    summary: 'Loaded plugins',
    responses: { '200': ['Plugins', { 'application/json': 'PluginInfo[]' }] },
  },
  {
    method: 'get',
    path: '/api-docs/openapi.json',
    tag: 'Server',
    summary: 'This OpenAPI document',
    responses: { '200': ['OpenAPI 3.1 document', { 'application/json': 'object' }] },
  },
  {
    method: 'get',
    path: '/api-docs',
    tag: 'Server',
    summary: 'Human-readable API documentation',
    responses: { '200': ['HTML page', { 'text/html': '' }] },
  },
  {
    method: 'post',
    path: '/',
    tag: 'Evaluation',
    summary: 'Evaluate an ad-hoc expression',
    verbose: true,
    requestBody: J('EvaluateRequest'),
    responses: {
      '200': [
        'The raw result (any JSON; empty body when undefined); with verbose, a verbose report',
        J('VerboseReport'),
      ],
      '206': ['Partial result (verbose report)', J('VerboseReport')],
      '400': ['Missing or empty mapx', J('MapxError')],
      '415': ['Unsupported contentType', J('Message')],
      '422': ['Compilation or evaluation error', J('MapxError')],
      '503': ['Still warming up after the wait limit', J('Message')],
    },
  },
  {
    method: 'get',
    path: '/Mapping',
    tag: 'Mappings',
    summary: 'List the ids of saved mappings',
    responses: {
      '200': ['Mapping ids', J('StringList')],
      '405': ['No mapping source configured', J('Message')],
    },
  },
  {
    method: 'get',
    path: '/Mapping/{mappingId}',
    tag: 'Mappings',
    summary: 'Read a saved mapping',
    responses: {
      '200': ['The stored expression', MAPX_TEXT],
      '404': ['Not found', J('Message')],
      '405': ['No mapping source configured', J('Message')],
    },
  },
  {
    method: 'put',
    path: '/Mapping/{mappingId}',
    tag: 'Mappings',
    summary: 'Create or replace a saved mapping (enterprise)',
    description:
      'mappingId must match ^[A-Za-z][A-Za-z0-9]{0,63}$. PUT with no segment after the id is always an update. ' +
      'The stored mapping is compiled: header x-mapx-compile is ok, failed or unchecked (FHIR definitions not ' +
      'loaded yet); x-mapx-diagnostics holds the compile errors (all of them, up to 20) and static warnings as a ' +
      'JSON array of Diagnostic entries, each also a Warning header.',
    requestBody: { 'application/vnd.vendor.mapx': '', 'text/plain': '' },
    responses: {
      '200': ['Updated; the stored expression', MAPX_TEXT],
      '201': ['Created; the stored expression', MAPX_TEXT],
      '400': ['Invalid id or empty expression', J('EnterpriseMessage')],
      '405': ['No mapping source configured', J('Message')],
      '409': ['Writes disabled, no writable store, or a concurrent write', J('EnterpriseMessage')],
      '500': ['Internal error', J('EnterpriseMessage')],
    },
  },
  {
    method: 'delete',
    path: '/Mapping/{mappingId}',
    tag: 'Mappings',
    summary: 'Delete a saved mapping (enterprise)',
    responses: {
      '200': ['Deleted', J('EnterpriseMessage')],
      '400': ['Invalid id', J('EnterpriseMessage')],
      '404': ['Not found', J('EnterpriseMessage')],
      '405': ['No mapping source configured', J('Message')],
      '409': ['Writes disabled or no writable store', J('EnterpriseMessage')],
      '500': ['Internal error', J('EnterpriseMessage')],
    },
  },
  {
    method: 'post',
    path: '/Mapping/{mappingId}',
    tag: 'Mappings',
    summary: 'Execute a saved mapping on the request body',
    verbose: true,
    requestBody: INPUT_TYPES,
    responses: EXEC_RESPONSES,
  },
  {
    method: 'post',
    path: '/Mapping/{mappingId}/{subroute}',
    tag: 'Mappings',
    summary: 'Execute a saved mapping with sub-route segments',
    verbose: true,
    description:
      '{subroute} stands for one or more path segments; the mapping sees them in $mapxHttpInvocation.',
    requestBody: INPUT_TYPES,
    responses: EXEC_RESPONSES,
  },
  {
    method: 'put',
    path: '/Mapping/{mappingId}/{subroute}',
    tag: 'Mappings',
    summary: 'Execute a saved mapping with sub-route segments (method PUT)',
    verbose: true,
    description: '{subroute} stands for one or more path segments; with none this is a mapping update.',
    requestBody: INPUT_TYPES,
    responses: EXEC_RESPONSES,
  },
  {
    method: 'post',
    path: '/$recache',
    tag: 'Mappings',
    summary: 'Reload mappings, aliases and static values; flush the ConceptMap cache',
    responses: {
      '200': ['Reloaded', J('RecacheResponse')],
      '405': ['No mapping source configured', J('Message')],
      '500': ['Reload failed; the previous cache stays', J('Message')],
    },
  },
  {
    method: 'post',
    path: '/recache',
    tag: 'Mappings',
    summary: 'Deprecated alias of POST /$recache (Warning header, deprecated: true)',
    responses: {
      '200': ['Reloaded', J('RecacheResponse')],
      '405': ['No mapping source configured', J('Message')],
      '500': ['Reload failed', J('Message')],
    },
  },
  {
    method: 'get',
    path: '/fhir/elements',
    tag: 'FHIR',
    summary: 'Children of an element of a type or profile (for completion): slices and choice forms included',
    query: [
      { name: 'type', description: 'StructureDefinition id, name or canonical URL (required)' },
      {
        name: 'path',
        description: 'FLASH path from the root, e.g. component[SystolicBP].value; empty for the root',
      },
    ],
    responses: {
      '200': ['Child elements', { 'application/json': 'ElementChild[]' }],
      '400': ['Missing type or malformed path', J('Message')],
      '404': ['Unknown type or element', J('Message')],
      '503': ['FHIR context still loading', J('Message')],
    },
  },
  {
    method: 'get',
    path: '/recache',
    tag: 'Mappings',
    summary: 'Always 405: use POST /$recache',
    responses: { '405': ['Guidance', J('Message')] },
  },
];
