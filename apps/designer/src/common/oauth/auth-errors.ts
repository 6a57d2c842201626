/** The designer's login failures: one catalogue, stable codes, messages safe to show (never a token). */
export const DESIGNER_AUTH_ERRORS = {
  DESIGNER_AUTH_METADATA_UNAVAILABLE: 'The service does not publish its login metadata',
  DESIGNER_AUTH_NO_DESIGNER_CLIENT:
    'The service does not advertise a designer client (auth.yaml designerClient)',
  DESIGNER_AUTH_DISCOVERY_FAILED: 'The identity provider could not be reached or described itself badly',
  DESIGNER_AUTH_STATE_MISMATCH: 'The login answer does not belong to this login attempt',
  DESIGNER_AUTH_DENIED: 'The identity provider refused the login',
  DESIGNER_AUTH_TOKEN_REJECTED: 'The tokens could not be obtained or renewed',
  DESIGNER_AUTH_TIMEOUT: 'The login was not completed in time',
  DESIGNER_AUTH_NETWORK: 'The service or the identity provider could not be reached',
} as const;

export type DesignerAuthErrorCode = keyof typeof DESIGNER_AUTH_ERRORS;

export interface AuthFailure {
  readonly ok: false;
  readonly code: DesignerAuthErrorCode;
  readonly message: string;
}

export type AuthResult<T> = { readonly ok: true; readonly value: T } | AuthFailure;

/** A failure value; `detail` (already safe: no secrets) is appended to the catalogue text. */
export function authFailure(code: DesignerAuthErrorCode, detail?: string): AuthFailure {
  const base = DESIGNER_AUTH_ERRORS[code];
  return { ok: false, code, message: detail ? `${base}: ${detail}` : base };
}
