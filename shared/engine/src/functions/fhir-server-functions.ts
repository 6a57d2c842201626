import {
  isFhirClientError,
  type FhirBundleEntry,
  type FhirClient,
  type FhirResource,
  DEFAULT_MAX_RESULTS,
  queryToObject,
  splitTypeAndQuery,
} from '@mapx/fhir-client';
import { activeFhirClient } from './fhir-connection.js';
import { functionError } from './function-error.js';
import type { FunctionCallContext, MapxFunction } from './function-types.js';
import { invokeFunction } from './invoke-function.js';
import { functionArity, isPlainObject } from './jsonata-values.js';

type Ctx = FunctionCallContext;
type Params = Record<string, unknown> | undefined;
interface SearchOpts {
  fetchAll?: boolean;
  maxResults?: number;
  asPost?: boolean;
  transform?: unknown;
}

const LITERAL =
  /^(?:https?:\/\/\S+\/)?[A-Z][A-Za-z0-9]*\/[A-Za-z0-9\-.]{1,64}(?:\/_history\/[A-Za-z0-9\-.]{1,64})?$/;

/** Runs a client call; maps FhirClientError to F5202/F5203/F5210 through the policy (undefined when downgraded). */
async function guarded<T>(
  ctx: Ctx,
  operation: string,
  run: (client: FhirClient) => Promise<T>,
): Promise<T | undefined> {
  const client = activeFhirClient(ctx);
  if (!client) {
    ctx.report(functionError('F5200', { operation }));
    return undefined;
  }
  try {
    return await run(client);
  } catch (err) {
    if (!isFhirClientError(err)) throw err;
    const meta = Object.fromEntries(
      Object.entries({
        sourceMessage: err.message,
        sourceErrorCode: err.sourceErrorCode ?? err.kind,
        status: err.status,
        request: err.request,
        operationOutcome: err.operationOutcome,
      }).filter(([, v]) => v !== undefined),
    );
    if (err.kind === 'timeout')
      ctx.report(functionError('F5202', { operation, timeout: err.timeoutMs, ...meta }));
    else if (err.kind === 'http' && err.status === 404 && err.request.id !== undefined) {
      ctx.report(
        functionError('F5210', {
          operation,
          resourceType: err.request.resourceType,
          resourceId: err.request.id,
          ...meta,
        }),
      );
    } else ctx.report(functionError('F5203', { operation, errorMessage: err.message, ...meta }));
    return undefined;
  }
}

async function fetchAll(
  ctx: Ctx,
  client: FhirClient,
  type: string,
  params: Params,
  opts: SearchOpts,
): Promise<unknown[]> {
  const { entries } = await client.searchAll(type, params, {
    asPost: opts.asPost === true,
    maxResults:
      typeof opts.maxResults === 'number' && opts.maxResults > 0 ? opts.maxResults : DEFAULT_MAX_RESULTS,
  });
  if (opts.transform === undefined) return entries.map((e) => e.resource);
  const arity = Math.max(1, Math.min(4, functionArity(opts.transform)));
  const out: unknown[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as FhirBundleEntry;
    const args = [entry.resource, entry.search?.mode ?? 'match', i, entry].slice(0, arity);
    const value = await invokeFunction(ctx, opts.transform, args);
    if (value !== undefined) out.push(value);
  }
  return out;
}

/** Exactly one resource: a read for a literal reference without params, else a search with one match. */
async function resolveOne(
  ctx: Ctx,
  operation: string,
  ref: string,
  params: Params,
  opts: SearchOpts | undefined,
) {
  const hasParams = isPlainObject(params) && Object.keys(params).length > 0;
  return guarded(ctx, operation, async (client): Promise<FhirResource | undefined> => {
    if (!hasParams && LITERAL.test(ref)) return client.readReference(ref);
    const bundle = await client.search(ref, params, { asPost: opts?.asPost === true });
    const matches = (bundle.entry ?? []).filter((e) => e.resource && (e.search?.mode ?? 'match') === 'match');
    const { type, query } = splitTypeAndQuery(ref, params);
    const fields = { operation, resourceType: type, searchParams: queryToObject(query) };
    const resultCount = Math.max(bundle.total ?? 0, matches.length);
    if (resultCount === 0) ctx.report(functionError('F5211', fields));
    else if (resultCount > 1) ctx.report(functionError('F5212', { ...fields, resultCount }));
    else return matches[0]?.resource;
    return undefined;
  });
}

function resolver(name: string, pick: (r: FhirResource) => unknown): MapxFunction {
  return {
    name,
    signature: name === 'literal' || name === 'resourceId' ? '<s-o?o?:s>' : '<s-o?o?:o>',
    async impl(this: Ctx, ref?: string, params?: Params, opts?: SearchOpts) {
      if (ref === undefined) return undefined;
      const resource = await resolveOne(this, name, ref, params, opts);
      return resource === undefined ? undefined : pick(resource);
    },
  };
}

export const fhirServerFunctions: readonly MapxFunction[] = [
  {
    name: 'search',
    signature: '<s-o?o?:x>',
    async impl(this: Ctx, type?: string, params?: Params, opts?: SearchOpts) {
      if (type === undefined) return undefined;
      return guarded<unknown>(this, 'search', (client) =>
        opts?.fetchAll === true
          ? fetchAll(this, client, type, params, opts)
          : client.search(type, params, { asPost: opts?.asPost === true }),
      );
    },
  },
  {
    name: 'capabilities',
    signature: '<:o>',
    impl(this: Ctx) {
      return guarded(this, 'capabilities', (client) => client.capabilities());
    },
  },
  resolver('resolve', (r) => r),
  resolver('searchSingle', (r) => r),
  resolver('literal', (r) => `${r.resourceType}/${r.id}`),
  resolver('resourceId', (r) => r.id),
];
