import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, getStatus, isOk, normalizeOperationOutcome } from '@medplum/core';
import type { FhirRouter, HttpMethod, MemoryRepository } from '@medplum/fhir-router';
import type { Bundle, OperationOutcome, Resource } from '@medplum/fhirtypes';
import { buildCapabilityStatement } from './capability-statement.js';

export interface AdapterOptions {
  router: FhirRouter;
  repo: MemoryRepository;
  origin: () => string;
  basePath: string;
  basicAuth?: { username: string; password: string } | undefined;
}

type Headers = Record<string, string>;

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Adds what a real FHIR server does and the bare Medplum router does not (see design/fhir-test-server.md §4). */
export function createHttpAdapter(options: AdapterOptions) {
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      await dispatch(options, req, res);
    } catch (err) {
      send(res, 500, normalizeOperationOutcome(err));
    }
  };
}

async function dispatch(options: AdapterOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', options.origin());
  if (!isAuthorised(options.basicAuth, req.headers.authorization)) {
    send(res, 401, outcome('security', 'Authentication required'), {
      'www-authenticate': 'Basic realm="fhir"',
    });
    return;
  }
  if (url.pathname !== options.basePath && !url.pathname.startsWith(`${options.basePath}/`)) {
    send(res, 404, outcome('not-found', `No FHIR endpoint at ${url.pathname}`));
    return;
  }
  const path = url.pathname.slice(options.basePath.length).replace(/^\/+|\/+$/g, '');
  const method = (req.method ?? 'GET').toUpperCase();
  if (!METHODS.has(method)) {
    send(res, 405, outcome('not-supported', `Method ${method} is not supported`));
    return;
  }
  if (method === 'GET' && path === 'metadata') {
    send(res, 200, buildCapabilityStatement(`${options.origin()}${options.basePath}`));
    return;
  }
  const body = await readBody(req);
  if (body.error) {
    send(res, 400, badRequest(body.error));
    return;
  }
  await route(options, { method: method as HttpMethod, path, url, body: body.value, req }, res);
}

interface RouteInput {
  method: HttpMethod;
  path: string;
  url: URL;
  body: unknown;
  req: IncomingMessage;
}

async function route(options: AdapterOptions, input: RouteInput, res: ServerResponse): Promise<void> {
  const { method, path, url, req } = input;
  const [type, id] = path.split('/');
  const existed = method !== 'PUT' || !type || !id || (await exists(options.repo, type, id));
  const [result, resource] = await options.router.handleRequest(
    {
      method,
      url: path + url.search,
      pathname: '',
      params: {},
      query: {},
      body: input.body,
      headers: req.headers,
      config: { transactions: true },
    },
    options.repo,
  );
  let status = getStatus(result);
  if (!resource) {
    if (method === 'DELETE' && isOk(result)) send(res, 204);
    else send(res, status, result);
    return;
  }
  if (status === 200 && !existed) status = 201;
  const base = `${options.origin()}${options.basePath}`;
  if (resource.resourceType === 'Bundle' && resource.type === 'searchset') addLinks(resource, url, base);
  send(res, status, resource, resourceHeaders(resource, status, base));
}

async function exists(repo: MemoryRepository, type: string, id: string): Promise<boolean> {
  return repo.readResource(type, id).then(
    () => true,
    () => false,
  );
}

function resourceHeaders(resource: Resource, status: number, base: string): Headers {
  const headers: Headers = {};
  const versionId = resource.meta?.versionId;
  const lastUpdated = resource.meta?.lastUpdated;
  if (versionId) headers.etag = `W/"${versionId}"`;
  if (lastUpdated) headers['last-modified'] = new Date(lastUpdated).toUTCString();
  if (status === 201) {
    headers.location = `${base}/${resource.resourceType}/${resource.id}/_history/${versionId}`;
  }
  return headers;
}

/** The repository returns the page slice and `total` but neither `link` nor `fullUrl`. */
function addLinks(bundle: Bundle, url: URL, base: string): void {
  for (const entry of bundle.entry ?? []) {
    entry.fullUrl ??= `${base}/${entry.resource?.resourceType}/${entry.resource?.id}`;
  }
  const count = Number(url.searchParams.get('_count') ?? 0);
  const offset = Number(url.searchParams.get('_offset') ?? 0);
  bundle.link = [{ relation: 'self', url: url.href }];
  if (count > 0 && offset + count < (bundle.total ?? 0)) {
    const next = new URL(url);
    next.searchParams.set('_offset', String(offset + count));
    bundle.link.push({ relation: 'next', url: next.href });
  }
}

async function readBody(req: IncomingMessage): Promise<{ value?: unknown; error?: string }> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  if (!text) return {};
  const contentType = String(req.headers['content-type'] ?? '').toLowerCase();
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    return { value: formToObject(text) };
  }
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { error: 'Request body is not valid JSON' };
  }
}

function formToObject(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const prev = out[key];
    out[key] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
  }
  return out;
}

function isAuthorised(expected: AdapterOptions['basicAuth'], header: string | undefined): boolean {
  if (!expected) return true;
  const token = Buffer.from(`${expected.username}:${expected.password}`).toString('base64');
  return header === `Basic ${token}`;
}

function outcome(code: string, diagnostics: string): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: code as 'not-found', diagnostics }],
  };
}

function send(res: ServerResponse, status: number, body?: Resource, headers: Headers = {}): void {
  if (res.destroyed) return;
  if (body) headers['content-type'] = 'application/fhir+json; charset=utf-8';
  res.writeHead(status, headers).end(body ? JSON.stringify(body) : undefined);
}
