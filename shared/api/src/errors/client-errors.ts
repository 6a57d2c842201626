/**
 * Codes a client of the service (the designer) gives a failure whose answer carries none of its own: an
 * Enterprise message, a Mapx error payload with an empty code, a proxy's error page. The service never sends
 * them; they are defined here so that a client shows a defined code rather than one it makes up.
 */
export const CLIENT_ERRORS = {
  UNCODED_ERROR: { message: 'The service answered {status} without an error code' },
} as const satisfies Readonly<Record<string, { readonly message: string }>>;

export type ClientErrorCode = keyof typeof CLIENT_ERRORS;
