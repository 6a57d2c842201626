export type AuthorizationHeader =
  | { readonly kind: 'absent' }
  | { readonly kind: 'malformed'; readonly description: string }
  | { readonly kind: 'bearer'; readonly token: string };

// RFC 6750 §2.1: credentials = "Bearer" 1*SP b64token
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export function parseAuthorization(value: string | readonly string[] | undefined): AuthorizationHeader {
  if (value === undefined) return { kind: 'absent' };
  if (typeof value !== 'string')
    return { kind: 'malformed', description: 'more than one Authorization header' };
  const match = BEARER.exec(value);
  if (match?.[1] === undefined) {
    return { kind: 'malformed', description: 'the Authorization header must be: Bearer <access token>' };
  }
  return { kind: 'bearer', token: match[1] };
}
