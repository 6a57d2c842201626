import { z } from 'zod';
import { evaluateRequestSchema, INPUT_CONTENT_TYPES } from '../evaluate-request.js';
import { mapxErrorPayloadSchema, verboseReportSchema } from '../diagnostics.js';
import { HL7_V2_MEDIA_TYPE_ALIASES, NDJSON_MEDIA_TYPES } from '../media-types.js';
import { serviceErrorSchema } from '../messages.js';
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
import { evaluateExamples, mappingInputExamples } from './request-examples.js';

/** What a saved mapping runs on: the six formats plus the HL7 v2 aliases. */
const INPUT_TYPES = [...INPUT_CONTENT_TYPES, ...HL7_V2_MEDIA_TYPE_ALIASES];
const inputBody = Object.fromEntries([...INPUT_TYPES, ...NDJSON_MEDIA_TYPES].map((t) => [t, text]));
/** An NDJSON answer: one line per non-blank input line (a result, `null`, an error object or a verbose report). */
/** Both 503s of an evaluation carry `{message, code}`; EVAL_QUEUE_TIMEOUT also a Retry-After header. */
const BUSY_503 =
  'Still warming up after the wait limit (WARMING_UP), or no evaluation thread free within MAPX_EVAL_QUEUE_TIMEOUT_MS (EVAL_QUEUE_TIMEOUT, with Retry-After)';
const ndjsonLines = Object.fromEntries(NDJSON_MEDIA_TYPES.map((t) => [t, text]));
const NDJSON_NOTE =
  'NDJSON (docs/bulk.md): each non-blank line is one JSON input, mapped on its own; the answer is 200 with an NDJSON ' +
  'stream in the same media type, one line per input line in order: the result, `null`, ' +
  '`{"error":{"line","status","code","message"}}` where the line failed, or with verbose each line\'s verbose report.';

export const evaluateRoute = {
  method: 'POST',
  url: '/',
  tag: 'Evaluation',
  summary: 'Evaluate an ad-hoc expression',
  description: `With contentType application/x-ndjson or application/fhir+ndjson, input is a string of lines. ${NDJSON_NOTE}`,
  query: [verboseQuery, explainQuery],
  body: { 'application/json': evaluateRequestSchema },
  examples: evaluateExamples,
  validatedBody: evaluateRequestSchema,
  responses: {
    '200': {
      description:
        'The raw result (any JSON; empty body when undefined); with verbose, a verbose report; NDJSON lines for an NDJSON contentType',
      content: { 'application/json': verboseReportSchema, ...ndjsonLines },
    },
    '206': json('Partial result (verbose report)', verboseReportSchema),
    '400': json(
      'Missing or empty mapx (Mapx error payload); an NDJSON contentType with an input that is not a string (NDJSON_INPUT_NOT_TEXT)',
      z.union([mapxErrorPayloadSchema, serviceErrorSchema]),
    ),
    '415': message('Unsupported contentType'),
    '422': json('Compilation or evaluation error', mapxErrorPayloadSchema),
    '503': message(BUSY_503),
  },
} as const satisfies RouteContract;

const execResponses = {
  '200': {
    description: 'The result (any JSON); with verbose, a verbose report; NDJSON lines for an NDJSON body',
    content: { 'application/json': verboseReportSchema, ...ndjsonLines },
  },
  '206': json('Partial result with diagnostics (verbose report)', verboseReportSchema),
  '404': message('Mapping not found'),
  '405': message('No mapping source configured'),
  '415': message('Unsupported media type'),
  '422': json('Compilation or evaluation error', mapxErrorPayloadSchema),
  '503': message(BUSY_503),
};

export const executeMappingRoute = {
  method: 'POST',
  url: '/Mapping/:mappingId',
  tag: 'Mappings',
  summary: 'Execute a saved mapping on the request body',
  description: NDJSON_NOTE,
  params: mappingIdParams,
  query: [verboseQuery, explainQuery],
  body: inputBody,
  examples: mappingInputExamples,
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
