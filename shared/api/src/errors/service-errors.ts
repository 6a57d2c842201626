/**
 * How an error body looks on the wire (service-interface.md):
 * - `service`: `{ message, code, ...details }`, the service's "not shown" bodies;
 * - `enterprise`: `{ message }` only, the "Enterprise message" of the mapping writes and templates;
 * - `mapx-error`: the legacy Mapx error payload of the evaluation routes (non-verbose).
 */
export type ErrorShape = 'service' | 'enterprise' | 'mapx-error';

export interface ServiceErrorEntry {
  readonly status: number;
  /** `{name}` placeholders are filled from the reply's parameters. */
  readonly message: string;
  readonly shape: ErrorShape;
  /**
   * A failure another component reported (a normaliser, Fastify): its own message is the `{detail}`, and its
   * own code is what goes on the wire; the catalogue code only chooses the status and the shape.
   */
  readonly foreign?: true;
}

const service = (status: number, message: string) => ({ status, message, shape: 'service' }) as const;
const enterprise = (status: number, message: string) => ({ status, message, shape: 'enterprise' }) as const;
const foreign = (status: number, shape: ErrorShape) =>
  ({ status, message: '{detail}', shape, foreign: true }) as const;

/**
 * The one catalogue of the service's own error codes (engine codes live in the engine's catalogue, normaliser
 * codes in their plugins). Every error answer of the service is built from an entry here.
 */
export const SERVICE_ERRORS = {
  NOT_FOUND: service(404, '{what} not found'),
  INTERNAL_ERROR: service(500, 'Internal server error'),
  PAYLOAD_TOO_LARGE: service(413, 'Request body is larger than the limit of {limit} bytes'),
  UNSUPPORTED_MEDIA_TYPE: service(
    415,
    "Unsupported Content-Type: '{received}'; accepted media types: {accepted}",
  ),
  INVALID_JSON: service(400, 'Invalid JSON: {detail}'),
  /** A request Fastify refused (its own `FST_ERR_*` code is kept on the wire). */
  BAD_REQUEST: foreign(400, 'service'),
  INVALID_REQUEST_TARGET: service(400, 'Invalid request target: {problem}'),
  EDITION_FEATURE_UNAVAILABLE: service(
    404,
    '{feature} ({method} {url}) are part of the mapx enterprise edition; this service runs the base edition (MAPX_EDITION=base)',
  ),
  /** `detail`: the task not ready and the wait, "fhir not ready after 5000 ms" (`WarmupTimeoutError`). */
  WARMING_UP: service(503, 'The service is still warming up ({detail}); try again shortly'),
  /** Every evaluation thread stayed busy for MAPX_EVAL_QUEUE_TIMEOUT_MS; sent with Retry-After. */
  EVAL_QUEUE_TIMEOUT: service(
    503,
    'No evaluation thread became free within {waitMs} ms (MAPX_EVAL_QUEUE_TIMEOUT_MS): the service is busy; retry after {retryAfter} s',
  ),
  NO_MAPPING_SOURCE: service(
    405,
    'Endpoint unavailable without mapping sources (FHIR server or mappings folder).',
  ),
  MAPPING_NOT_FOUND: service(404, "Mapping '{mappingId}' could not be found"),
  STANDARD_MAPPING_NOT_FOUND: service(404, "There is no standard mapping '{mappingId}'"),
  MAPPING_NAME_INVALID: service(
    404,
    "Mapping '{mappingId}' is not served: the mappings folder file {reason}; rename the file",
  ),
  EMPTY_MAPPING: service(422, 'Mapping does not contain a valid expression'),
  METHOD_NOT_ALLOWED: service(405, 'GET /recache is not supported. Use POST /$recache instead.'),
  RECACHE_FAILED: service(500, 'error loading cache'),
  MISSING_TYPE: service(400, 'Query parameter type is required'),
  /** `state`: "is still loading (warm-up in progress)" or "failed to load: …". */
  FHIR_CONTEXT_UNAVAILABLE: service(422, 'The FHIR package context {state}'),
  UNKNOWN_TYPE: service(404, "No StructureDefinition with id, name or URL '{type}'"),
  INVALID_PATH: service(400, "Malformed FLASH path '{path}'"),
  UNKNOWN_ELEMENT: service(404, "Element '{path}' was not found in '{type}'"),
  NO_EXPRESSION: {
    status: 400,
    message: 'No expression was provided (mapx). Nothing to evaluate.',
    shape: 'mapx-error',
  },
  /** An input a normaliser refused with 422 (its own code is kept on the wire). */
  INPUT_INVALID: foreign(422, 'mapx-error'),
  /** An input a normaliser refused with another status (its own code and status are kept on the wire). */
  INPUT_REFUSED: foreign(400, 'service'),
  /** A compile error that carries no code of its own (engine errors bring their `F`/`S` code). */
  COMPILE_FAILED: {
    status: 422,
    message: 'The expression could not be compiled',
    shape: 'mapx-error',
  },
  MAPPING_ID_INVALID: enterprise(400, "Invalid mapping id '{mappingId}': it must match {pattern}{reserved}"),
  MAPPING_TEXT_TYPE_UNSUPPORTED: enterprise(
    415,
    "Content-Type must be application/vnd.vendor.mapx or text/plain, got '{received}'",
  ),
  MAPPING_CHARSET_UNSUPPORTED: enterprise(
    415,
    'The character set "{charset}" ({source}) of the mapping text is not supported',
  ),
  MAPPING_TEXT_UNDECODABLE: enterprise(400, 'The mapping text cannot be decoded: {detail}'),
  MAPPING_EXPRESSION_EMPTY: enterprise(400, 'The mapping expression is empty'),
  MAPPING_WRITES_DISABLED: enterprise(
    409,
    'Mapping writes are disabled or no writable mapping store is configured',
  ),
  MAPPING_WRITE_CONFLICT: enterprise(409, 'Conflict while {what}: {detail}'),
  MAPPING_STORE_FAILED: enterprise(500, 'Internal error while {what}'),
  MAPPING_TO_DELETE_NOT_FOUND: enterprise(404, "Mapping '{mappingId}' could not be found"),
  MAPPING_VERSION_ID_INVALID: service(400, "Invalid version id '{versionId}': it must match {pattern}"),
  MAPPING_VERSION_NOT_FOUND: service(404, "Mapping '{mappingId}' has no version '{versionId}'"),
  HISTORY_NOT_KEPT: service(501, 'The mapping store {store} keeps no history'),
  HISTORY_STORE_FAILED: service(500, 'The mapping store failed while {what}'),
  MAPPING_BUILT_IN: enterprise(
    409,
    "Mapping '{mappingId}' is a built-in standard mapping and cannot be deleted; PUT a mapping with this id to override it",
  ),
  TEST_NAME_INVALID: service(
    400,
    "Invalid test case name '{testName}': it must match {pattern} and not be a Windows device name",
  ),
  TEST_INPUT_EXTENSION_INVALID: service(
    400,
    "Invalid input extension '{extension}': it must match {pattern}",
  ),
  TEST_CASE_INVALID: service(400, 'Invalid test case body: {detail}'),
  TEST_CASE_NOT_FOUND: service(404, "Mapping '{mappingId}' has no test case '{testName}'"),
  TEST_CASE_TOO_LARGE: service(
    413,
    'The test case holds {bytes} bytes of input and expectation; the limit is {limit} (MAPX_TEST_CASE_MAX_BYTES)',
  ),
  TEST_CASES_TOO_MANY: service(
    409,
    "Mapping '{mappingId}' already has {count} test cases; the limit is {limit} (MAPX_TEST_CASES_MAX)",
  ),
  TESTS_NOT_KEPT: service(501, 'The mapping store {store} keeps no test cases'),
  TEST_WRITES_DISABLED: service(
    409,
    'Test case writes are disabled or no writable mapping store is configured',
  ),
  TEST_STORE_FAILED: service(500, 'The mapping store failed while {what}'),
  TEMPLATE_ID_MISSING: enterprise(400, 'A template id is required: GET /Template/{templateId}.'),
  TEMPLATE_TYPE_INVALID: enterprise(
    500,
    'Invalid template type: use one of profile, resource, datatype, extension.',
  ),
  TEMPLATE_NOT_FOUND: enterprise(404, 'No template for this id: no StructureDefinition matches it.'),
  TEMPLATE_NOT_SUPPORTED: enterprise(
    404,
    'No template for this id: the StructureDefinition is a logical model or has no snapshot.',
  ),
  TEMPLATE_CONTEXT_UNAVAILABLE: enterprise(503, 'The FHIR package context is not ready yet; retry shortly.'),
  TEMPLATE_GENERATION_FAILED: enterprise(500, 'The template could not be generated.'),
  /** NDJSON mode (docs/bulk.md): one line of the body, answered in that line's error object. */
  LINE_TOO_LARGE: service(413, 'The line is larger than {limit} bytes'),
  /** NDJSON mode: the request ran for MAPX_NDJSON_MAX_DURATION_MS; lines from this one on were not read. */
  NDJSON_TIME_LIMIT: service(
    408,
    'The request ran for {limit} ms (MAPX_NDJSON_MAX_DURATION_MS): lines from {line} on were not mapped',
  ),
  /** NDJSON mode: a line's evaluation failed unexpectedly (a bug), answered in that line's error object. */
  EVALUATION_FAILED: service(500, 'The evaluation failed unexpectedly: {detail}'),
  /** POST / with an NDJSON contentType: the lines come as one string in `input`. */
  NDJSON_INPUT_NOT_TEXT: service(
    400,
    "With contentType '{contentType}', input must be a string of NDJSON lines",
  ),
} as const satisfies Readonly<Record<string, ServiceErrorEntry>>;

export type ServiceErrorCode = keyof typeof SERVICE_ERRORS;

/** Parameters of a message template; a name without a value is left as written. */
export type MessageParams = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The message of `code`, its placeholders filled from `params` (own properties only). */
export function serviceErrorMessage(code: ServiceErrorCode, params: MessageParams = {}): string {
  return SERVICE_ERRORS[code].message.replace(PLACEHOLDER, (all, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : all,
  );
}
