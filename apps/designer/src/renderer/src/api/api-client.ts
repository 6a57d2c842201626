import {
  healthSchema,
  idListSchema,
  standardMappingListSchema,
  type StandardMappingList,
  recacheResponseSchema,
  serverInfoSchema,
  fhirElementListSchema,
  enterpriseMessageSchema,
  MAPX_MEDIA_TYPE,
  type EnterpriseMessage,
  type FhirElementInfo,
  type Health,
  type RecacheResponse,
  type ServerInfo,
  type TemplateType,
} from '@mapx/api';
import { testsApi } from './tests-panel-api.js';
import { historyApi } from './history-api.js';
import { compileReport, type CompileReport } from './compile-headers.js';
import { readableError, readableNetworkError } from './readable-error.js';
import { toRunOutcome, type RunOutcome } from './run-outcome.js';

/** Result of a service call: bad answers are values, never exceptions. */
export type ApiResult<T> =
  | { readonly ok: true; readonly status: number; readonly data: T }
  | { readonly ok: false; readonly status: number; readonly message: string; readonly code?: string };

export interface ApiClientOptions {
  /** Base URL of the service, ending with `/`; relative URLs resolve against the page. */
  readonly baseUrl: string;
  /** Authenticated mode: the bearer token to send, or undefined for none. */
  readonly getAccessToken?: () => Promise<string | undefined>;
  /**
   * A 401 carrying a `WWW-Authenticate` challenge: the service no longer accepts our session (or never had
   * one), so the host should forget it and offer to sign in. A 403 is not reported: signing in again would not
   * give the user the missing role.
   */
  readonly onUnauthorized?: () => void;
}

interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

const POLL_TIMEOUT_MS = 5_000;
const RUN_TIMEOUT_MS = 120_000;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Creates the one object through which the renderer talks to the service. */
export function createApiClient(options: ApiClientOptions) {
  const base = new URL(options.baseUrl, globalThis.location?.href ?? 'http://localhost/');

  async function send(path: string, init: RequestInit, timeoutMs: number): Promise<Response> {
    const headers = new Headers(init.headers);
    const token = await options.getAccessToken?.();
    if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
    const response = await fetch(new URL(path, base), {
      ...init,
      headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 401 && response.headers.has('www-authenticate')) options.onUnauthorized?.();
    return response;
  }

  async function call<T>(
    path: string,
    init: RequestInit,
    parse: Parser<T> | 'text',
    timeoutMs = POLL_TIMEOUT_MS,
  ) {
    let response: Response;
    try {
      response = await send(path, init, timeoutMs);
    } catch (error) {
      return { ok: false, status: 0, message: readableNetworkError(error) } satisfies ApiResult<T>;
    }
    const body = await readBody(response).catch(() => undefined);
    if (!response.ok)
      return { ok: false, status: response.status, ...readableError(response.status, body) } as ApiResult<T>;
    if (parse === 'text')
      return { ok: true, status: response.status, data: String(body ?? '') as T } as ApiResult<T>;
    const parsed = parse.safeParse(body);
    if (parsed.success) return { ok: true, status: response.status, data: parsed.data } as ApiResult<T>;
    return {
      ok: false,
      status: response.status,
      message: 'The service sent an answer the designer does not understand',
    } as ApiResult<T>;
  }

  async function run(path: string, init: RequestInit): Promise<RunOutcome> {
    const started = performance.now();
    try {
      const response = await send(path, init, RUN_TIMEOUT_MS);
      const body = await readBody(response);
      return toRunOutcome(response.status, body, performance.now() - started);
    } catch (error) {
      return { kind: 'unreachable', message: readableNetworkError(error) };
    }
  }

  const mapping = (id: string) => `Mapping/${encodeURIComponent(id)}`;
  const json = { 'content-type': 'application/json' };

  /** PUT /Mapping/{id}: the answer plus what the service's compiler said about the stored text (its headers). */
  async function putMapping(id: string, text: string): Promise<ApiResult<CompileReport>> {
    let response: Response;
    try {
      const init = { method: 'PUT', headers: { 'content-type': MAPX_MEDIA_TYPE }, body: text };
      response = await send(mapping(id), init, RUN_TIMEOUT_MS);
    } catch (error) {
      return { ok: false, status: 0, message: readableNetworkError(error) };
    }
    const body = await readBody(response).catch(() => undefined);
    if (!response.ok) return { ok: false, status: response.status, ...readableError(response.status, body) };
    return { ok: true, status: response.status, data: compileReport(response.headers) };
  }

  return {
    ...testsApi(call, RUN_TIMEOUT_MS),
    ...historyApi(call),
    putMapping,
    baseUrl: base.href,
    serverInfo: (): Promise<ApiResult<ServerInfo>> => call('./', { method: 'GET' }, serverInfoSchema),
    health: (): Promise<ApiResult<Health>> => call('health', { method: 'GET' }, healthSchema),
    evaluate: (mapx: string, input: unknown, contentType: string, explain = false): Promise<RunOutcome> =>
      run(`./?verbose=true${explain ? '&explain=true' : ''}`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ mapx, input, contentType }),
      }),
    runMapping: (id: string, input: string, contentType: string, explain = false): Promise<RunOutcome> =>
      run(`${mapping(id)}?verbose=true${explain ? '&explain=true' : ''}`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: input,
      }),
    listMappings: (): Promise<ApiResult<string[]>> => call('Mapping', { method: 'GET' }, idListSchema),
    getMapping: (id: string): Promise<ApiResult<string>> => call(mapping(id), { method: 'GET' }, 'text'),
    listStandardMappings: (): Promise<ApiResult<StandardMappingList>> =>
      call('Mapping/$standard', { method: 'GET' }, standardMappingListSchema),
    getStandardMapping: (id: string): Promise<ApiResult<string>> =>
      call(`Mapping/$standard/${encodeURIComponent(id)}`, { method: 'GET' }, 'text'),
    deleteMapping: (id: string): Promise<ApiResult<EnterpriseMessage>> =>
      call(mapping(id), { method: 'DELETE' }, enterpriseMessageSchema),
    recache: (): Promise<ApiResult<RecacheResponse>> =>
      call('$recache', { method: 'POST' }, recacheResponseSchema, RUN_TIMEOUT_MS),
    listTemplates: (type: TemplateType): Promise<ApiResult<string[]>> =>
      call(`Template/$list?type=${type}`, { method: 'GET' }, idListSchema, RUN_TIMEOUT_MS),
    getTemplate: (id: string): Promise<ApiResult<string>> =>
      call(`Template/${encodeURIComponent(id)}`, { method: 'GET' }, 'text', RUN_TIMEOUT_MS),
    elements: (type: string, path: string): Promise<ApiResult<FhirElementInfo[]>> =>
      call(
        `fhir/elements?${new URLSearchParams({ type, path }).toString()}`,
        { method: 'GET' },
        fhirElementListSchema,
      ),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
