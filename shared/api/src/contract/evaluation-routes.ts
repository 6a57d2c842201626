import { evaluateRequestSchema, INPUT_CONTENT_TYPES } from '../evaluate-request.js';
import { mapxErrorPayloadSchema, verboseReportSchema } from '../diagnostics.js';
import {
  explainQuery,
  json,
  mappingIdParams,
  message,
  subrouteParams,
  text,
  verboseQuery,
} from './common.js';
import type { RouteContract } from './route-contract.js';

/** What a saved mapping runs on: the six formats plus the HL7 v2 aliases. */
const INPUT_TYPES = [...INPUT_CONTENT_TYPES, 'application/hl7-v2', 'application/hl7-v2+er7'];
const inputBody = Object.fromEntries(INPUT_TYPES.map((t) => [t, text]));

export const evaluateRoute = {
  method: 'POST',
  url: '/',
  tag: 'Evaluation',
  summary: 'Evaluate an ad-hoc expression',
  query: [verboseQuery, explainQuery],
  body: { 'application/json': evaluateRequestSchema },
  validatedBody: evaluateRequestSchema,
  responses: {
    '200': json(
      'The raw result (any JSON; empty body when undefined); with verbose, a verbose report',
      verboseReportSchema,
    ),
    '206': json('Partial result (verbose report)', verboseReportSchema),
    '400': json('Missing or empty mapx', mapxErrorPayloadSchema),
    '415': message('Unsupported contentType'),
    '422': json('Compilation or evaluation error', mapxErrorPayloadSchema),
    '503': message('Still warming up after the wait limit'),
  },
} as const satisfies RouteContract;

const execResponses = {
  '200': json('The result (any JSON); with verbose, a verbose report', verboseReportSchema),
  '206': json('Partial result with diagnostics (verbose report)', verboseReportSchema),
  '404': message('Mapping not found'),
  '405': message('No mapping source configured'),
  '415': message('Unsupported media type'),
  '422': json('Compilation or evaluation error', mapxErrorPayloadSchema),
};

export const executeMappingRoute = {
  method: 'POST',
  url: '/Mapping/:mappingId',
  tag: 'Mappings',
  summary: 'Execute a saved mapping on the request body',
  params: mappingIdParams,
  query: [verboseQuery, explainQuery],
  body: inputBody,
  responses: execResponses,
} as const satisfies RouteContract;

export const executeMappingSubrouteRoute = {
  method: 'POST',
  url: '/Mapping/:mappingId/*',
  tag: 'Mappings',
  summary: 'Execute a saved mapping with sub-route segments',
  description:
    '{subroute} stands for one or more path segments; the mapping sees them in $mapxHttpInvocation.',
  params: subrouteParams,
  query: [verboseQuery, explainQuery],
  body: inputBody,
  responses: execResponses,
} as const satisfies RouteContract;

export const putMappingSubrouteRoute = {
  method: 'PUT',
  url: '/Mapping/:mappingId/*',
  tag: 'Mappings',
  summary: 'Execute a saved mapping with sub-route segments (method PUT)',
  description: '{subroute} stands for one or more path segments; with none this is a mapping update.',
  params: subrouteParams,
  query: [verboseQuery, explainQuery],
  body: inputBody,
  responses: execResponses,
} as const satisfies RouteContract;
