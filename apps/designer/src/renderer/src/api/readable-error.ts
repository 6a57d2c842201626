/** Turns whatever a failed service call returned into one sentence a mapping author can act on. */
const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'The request was not accepted',
  401: 'Sign-in required',
  403: 'Not allowed',
  404: 'Not found',
  405: 'Not available on this service (no mapping source configured?)',
  409: 'The service refused to write (writes disabled or no writable store)',
  413: 'The input is too large',
  415: 'Unsupported input format',
  422: 'The mapping failed',
  500: 'The service hit an internal error',
  503: 'The service is not ready yet',
};

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

/** `message` may itself be an object in some legacy bodies (`{"message": {code, message}}`). */
function messageOf(body: unknown): string | undefined {
  const message = field(body, 'message') ?? field(body, 'detail') ?? field(body, 'title');
  if (typeof message === 'string' && message.trim() !== '') return message;
  if (typeof message === 'object' && message !== null) return messageOf(message);
  return undefined;
}

/** Why a 403 happened, in the user's terms: signing in again does not help, an administrator can. */
const MISSING_ROLE =
  'Not allowed: your account does not have the role this needs. Ask an administrator of the mapx service.';

export function readableError(status: number, body: unknown): { message: string; code?: string } {
  const code = field(body, 'code');
  if (code === 'AUTH_INSUFFICIENT_ROLE') return { message: MISSING_ROLE, code };
  const base = STATUS_TEXT[status] ?? `The service answered ${status}`;
  const detail =
    typeof body === 'string' && body.trim() !== '' && body.length < 300 ? body.trim() : messageOf(body);
  const message = detail !== undefined ? `${base}: ${detail}` : base;
  return typeof code === 'string' && code !== '' ? { message, code } : { message };
}

/** A fetch that never reached the service (refused, DNS, CORS, time-out). */
export function readableNetworkError(error: unknown): string {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return 'The service did not answer in time';
  }
  return 'Cannot reach the mapx service';
}
