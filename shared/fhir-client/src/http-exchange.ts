import { setTimeout as sleep } from 'node:timers/promises';
import { FhirClientError, type FhirRequestInfo } from './fhir-client-error.js';
import { readBody } from './read-body.js';
import { backoffMs, isTransient, isUnprocessed, type RetryPolicy } from './retry-policy.js';

/**
 * Which failures earn another attempt: `transient` ones (isTransient: repeating the request is harmless),
 * `unprocessed` ones only (isUnprocessed: the server certainly did not act on it), or `none`.
 */
export type RetryOn = 'transient' | 'unprocessed' | 'none';

export interface Exchange {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: URL;
  info: FhirRequestInfo;
  body?: string | undefined;
  headers?: Record<string, string> | undefined;
  /** POST is retried only when the caller says repeating it is harmless. */
  idempotent?: boolean | undefined;
  /** Overrides the rule above (GET, PUT, DELETE and idempotent POSTs: `transient`; other POSTs: `none`). */
  retryOn?: RetryOn | undefined;
  /** Bytes of the answer read at most; past them the body is dropped unread (`bodyOverLimit`). Default: all. */
  maxBodyBytes?: number | undefined;
  /** A 2xx answer whose body is not JSON yields `body: undefined` instead of an `invalid-response` error. */
  bodyOptional?: boolean | undefined;
}

export interface ExchangeResult {
  status: number;
  body: unknown;
  etag: string | undefined;
  /** `Location`, else `Content-Location`: where the server put a created or updated resource. */
  location: string | undefined;
  /** The 2xx answer's body was larger than `maxBodyBytes` and was not read (`body` is undefined). */
  bodyOverLimit: boolean;
  /** How many times the request was sent. */
  attempts: number;
}

export interface ExchangeConfig {
  timeoutMs: number;
  authorization: string | undefined;
  retry: RetryPolicy;
}

/**
 * One request, sent again after a transient failure when it is idempotent (GET, PUT, DELETE; POST only when
 * marked so, or after an unprocessed failure with `retryOn: 'unprocessed'`), with exponential backoff and
 * jitter between attempts.
 */
export async function exchange(config: ExchangeConfig, ex: Exchange): Promise<ExchangeResult> {
  const retryOn = ex.retryOn ?? (ex.method !== 'POST' || ex.idempotent ? 'transient' : 'none');
  const worthRetrying = retryOn === 'transient' ? isTransient : isUnprocessed;
  const retries = retryOn === 'none' ? 0 : config.retry.retries;
  for (let attempt = 1; ; attempt++) {
    try {
      return { ...(await attemptOnce(config, ex)), attempts: attempt };
    } catch (err) {
      if (!(err instanceof FhirClientError)) throw err;
      if (attempt > retries || !worthRetrying(err)) throw withAttempts(err, attempt);
      config.retry.onRetry?.(attempt, err);
      await sleep(backoffMs(config.retry, attempt, err.retryAfterS));
    }
  }
}

function withAttempts(err: FhirClientError, attempts: number): FhirClientError {
  if (attempts === 1) return err;
  return new FhirClientError(err.message, {
    kind: err.kind,
    request: err.request,
    ...(err.status !== undefined ? { status: err.status } : {}),
    ...(err.operationOutcome !== undefined ? { operationOutcome: err.operationOutcome } : {}),
    ...(err.sourceErrorCode !== undefined ? { sourceErrorCode: err.sourceErrorCode } : {}),
    ...(err.timeoutMs !== undefined ? { timeoutMs: err.timeoutMs } : {}),
    ...(err.retryAfterS !== undefined ? { retryAfterS: err.retryAfterS } : {}),
    attempts,
  });
}

/** One HTTP round trip with a whole-request timeout; maps every failure to a sanitised FhirClientError. */
async function attemptOnce(config: ExchangeConfig, ex: Exchange): Promise<Omit<ExchangeResult, 'attempts'>> {
  const headers: Record<string, string> = { accept: 'application/fhir+json', ...ex.headers };
  if (config.authorization) headers['authorization'] = config.authorization;
  let status: number;
  let text: string;
  let overLimit: boolean;
  let etag: string | undefined;
  let location: string | undefined;
  let retryAfter: string | null = null;
  try {
    const res = await fetch(ex.url, {
      method: ex.method,
      headers,
      body: ex.body ?? null,
      redirect: 'manual',
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    status = res.status;
    etag = res.headers.get('etag') ?? undefined;
    location = res.headers.get('location') ?? res.headers.get('content-location') ?? undefined;
    retryAfter = res.headers.get('retry-after');
    ({ text, overLimit } = await readBody(res, ex.maxBodyBytes));
  } catch (err) {
    throw transportError(err, ex.info, config.timeoutMs);
  }
  const body = parseBody(text, ex.info, status, ex.bodyOptional === true);
  if (status >= 300) throw httpError(status, body, ex.info, retryAfter);
  return { status, body, etag, location, bodyOverLimit: overLimit };
}

function parseBody(text: string, info: FhirRequestInfo, status: number, optional: boolean): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (status >= 300 || optional) return undefined;
    throw new FhirClientError(`${info.method} ${info.url} returned a body that is not JSON`, {
      kind: 'invalid-response',
      request: info,
      status,
    });
  }
}

function httpError(
  status: number,
  body: unknown,
  info: FhirRequestInfo,
  retryAfter: string | null,
): FhirClientError {
  const retryAfterS = retryAfterSeconds(retryAfter);
  const outcome = isOperationOutcome(body) ? body : undefined;
  const detail = outcome ? outcomeText(outcome) : undefined;
  const what = status >= 300 && status < 400 ? 'redirect (not followed)' : `HTTP ${status}`;
  return new FhirClientError(`${info.method} ${info.url} failed: ${what}${detail ? ` - ${detail}` : ''}`, {
    kind: 'http',
    request: info,
    status,
    ...(outcome ? { operationOutcome: outcome } : {}),
    ...(retryAfterS !== undefined ? { retryAfterS } : {}),
  });
}

/** `Retry-After` as delay-seconds, or as an HTTP date (seconds from now, 0 when past); else undefined. */
function retryAfterSeconds(value: string | null): number | undefined {
  const text = value?.trim() ?? '';
  if (/^\d{1,6}$/.test(text)) return Number(text);
  // an HTTP date names its weekday and month: a bare number like `1.5` is not one
  if (text.length > 64 || !/[A-Za-z]/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - Date.now()) / 1000)) : undefined;
}

function transportError(err: unknown, info: FhirRequestInfo, timeoutMs: number): FhirClientError {
  const name = (err as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new FhirClientError(`${info.method} ${info.url} timed out after ${timeoutMs}ms`, {
      kind: 'timeout',
      request: info,
      timeoutMs,
    });
  }
  const code = causeCode(err);
  return new FhirClientError(`${info.method} ${info.url} failed: ${code ?? 'network error'}`, {
    kind: 'network',
    request: info,
    ...(code ? { sourceErrorCode: code } : {}),
  });
}

function causeCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isOperationOutcome(body: unknown): body is { resourceType: string; issue?: unknown[] } {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { resourceType?: unknown }).resourceType === 'OperationOutcome'
  );
}

export function outcomeText(outcome: { issue?: unknown[] }): string | undefined {
  const texts = (outcome.issue ?? [])
    .map((i) => {
      const issue = i as { diagnostics?: unknown; details?: { text?: unknown } };
      return issue.diagnostics ?? issue.details?.text;
    })
    .filter((t): t is string => typeof t === 'string');
  return texts.length ? texts.join('; ') : undefined;
}
