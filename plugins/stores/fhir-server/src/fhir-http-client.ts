import { StoreError } from '@mapx/plugin-api';

export interface FhirHttpClientOptions {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  /** `user:password`; sent as a Basic authorization header, never logged or put in an error. */
  readonly basicCredentials?: string | undefined;
}

export interface FhirRequest {
  readonly method: 'GET' | 'PUT' | 'DELETE';
  /** Relative to the base (`StructureMap/x`, `StructureMap?_count=10`) or an absolute URL under the base. */
  readonly target: string;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface FhirResponse {
  readonly status: number;
  readonly etag: string | undefined;
  /** Parsed JSON body; undefined when the body is empty. */
  readonly body: unknown;
}

/** A thin FHIR REST client on Node's fetch: every failure to talk to the server is a STORE_UNAVAILABLE. */
export class FhirHttpClient {
  private readonly authorization: string | undefined;

  constructor(private readonly options: FhirHttpClientOptions) {
    this.authorization = options.basicCredentials
      ? `Basic ${Buffer.from(options.basicCredentials, 'utf8').toString('base64')}`
      : undefined;
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  async request(req: FhirRequest): Promise<FhirResponse> {
    const url = this.resolve(req.target);
    const headers: Record<string, string> = { accept: 'application/fhir+json', ...req.headers };
    if (this.authorization) headers.authorization = this.authorization;
    if (req.body !== undefined) headers['content-type'] = 'application/fhir+json';
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: req.method,
        headers,
        body: req.body === undefined ? null : JSON.stringify(req.body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      throw new StoreError('STORE_UNAVAILABLE', `${this.describe(req)}: ${this.failureReason(error)}`, {
        cause: error,
      });
    }
    return {
      status: response.status,
      etag: response.headers.get('etag') ?? undefined,
      body: parseBody(text, response.status, req, this),
    };
  }

  /** Maps a status the caller did not expect to a STORE_UNAVAILABLE with a safe message. */
  unexpected(req: FhirRequest, res: FhirResponse): StoreError {
    const issue = firstIssueText(res.body);
    return new StoreError(
      'STORE_UNAVAILABLE',
      `${this.describe(req)}: HTTP ${res.status}${issue ? ` (${issue})` : ''}`,
    );
  }

  /** `GET StructureMap?…` — method and the path below the base; never credentials. */
  describe(req: FhirRequest): string {
    const target = req.target.startsWith(this.options.baseUrl)
      ? req.target.slice(this.options.baseUrl.length + 1)
      : req.target;
    return `FHIR server ${req.method} ${target.split('?')[0]}`;
  }

  private resolve(target: string): string {
    if (/^https?:\/\//i.test(target)) return target;
    return `${this.options.baseUrl}/${target.replace(/^\/+/, '')}`;
  }

  private failureReason(error: unknown): string {
    const name = (error as { name?: string } | undefined)?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
      return `no answer within ${this.options.timeoutMs} ms`;
    const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
    // Following a redirect could carry the credentials to another host; the base URL must be the final one.
    if (/redirect/i.test(cause?.message ?? '')) return 'redirected (set FHIR_SERVER_BASE to the final URL)';
    const code = cause?.code;
    return code ? `unreachable (${code})` : 'unreachable';
  }
}

function parseBody(text: string, status: number, req: FhirRequest, client: FhirHttpClient): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Error pages from proxies are often HTML; the status alone tells the caller what happened.
    if (status < 200 || status > 299) return undefined;
    throw new StoreError('STORE_UNAVAILABLE', `${client.describe(req)}: the answer is not JSON`);
  }
}

/** The first OperationOutcome issue text, cut short: useful to operators, bounded in size. */
function firstIssueText(body: unknown): string | undefined {
  const issue = (
    body as { resourceType?: string; issue?: { diagnostics?: unknown; details?: { text?: unknown } }[] }
  )?.issue?.[0];
  const text = issue?.diagnostics ?? issue?.details?.text;
  return typeof text === 'string' ? text.slice(0, 200) : undefined;
}
