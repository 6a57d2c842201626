import { FhirClientError, type FhirRequestInfo } from './fhir-client-error.js';

export interface Exchange {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: URL;
  info: FhirRequestInfo;
  body?: string | undefined;
  headers?: Record<string, string> | undefined;
}

export interface ExchangeResult {
  status: number;
  body: unknown;
  etag: string | undefined;
}

export interface ExchangeConfig {
  timeoutMs: number;
  authorization: string | undefined;
}

/** One HTTP round trip with a whole-request timeout; maps every failure to a sanitised FhirClientError. */
export async function exchange(config: ExchangeConfig, ex: Exchange): Promise<ExchangeResult> {
  const headers: Record<string, string> = { accept: 'application/fhir+json', ...ex.headers };
  if (config.authorization) headers['authorization'] = config.authorization;
  let status: number;
  let text: string;
  let etag: string | undefined;
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
    text = await res.text();
  } catch (err) {
    throw transportError(err, ex.info, config.timeoutMs);
  }
  const body = parseBody(text, ex.info, status);
  if (status >= 300) throw httpError(status, body, ex.info);
  return { status, body, etag };
}

function parseBody(text: string, info: FhirRequestInfo, status: number): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (status >= 300) return undefined;
    throw new FhirClientError(`${info.method} ${info.url} returned a body that is not JSON`, {
      kind: 'invalid-response',
      request: info,
      status,
    });
  }
}

function httpError(status: number, body: unknown, info: FhirRequestInfo): FhirClientError {
  const outcome = isOperationOutcome(body) ? body : undefined;
  const detail = outcome ? outcomeText(outcome) : undefined;
  const what = status >= 300 && status < 400 ? 'redirect (not followed)' : `HTTP ${status}`;
  return new FhirClientError(`${info.method} ${info.url} failed: ${what}${detail ? ` - ${detail}` : ''}`, {
    kind: 'http',
    request: info,
    status,
    ...(outcome ? { operationOutcome: outcome } : {}),
  });
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

function isOperationOutcome(body: unknown): body is { resourceType: string; issue?: unknown[] } {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { resourceType?: unknown }).resourceType === 'OperationOutcome'
  );
}

function outcomeText(outcome: { issue?: unknown[] }): string | undefined {
  const texts = (outcome.issue ?? [])
    .map((i) => {
      const issue = i as { diagnostics?: unknown; details?: { text?: unknown } };
      return issue.diagnostics ?? issue.details?.text;
    })
    .filter((t): t is string => typeof t === 'string');
  return texts.length ? texts.join('; ') : undefined;
}
