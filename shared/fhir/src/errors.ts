/** Stable error codes of the FHIR context (one catalogue; documented in docs/fhir-context.md). */
export type FhirContextErrorCode =
  | 'FHIR_VERSION_UNSUPPORTED'
  | 'FHIR_PACKAGE_SPEC_INVALID'
  | 'FHIR_PACKAGE_NOT_FOUND'
  | 'FHIR_PACKAGE_VERSION_NOT_FOUND'
  | 'FHIR_PACKAGE_DOWNLOAD_FAILED'
  | 'FHIR_PACKAGE_INTEGRITY_MISMATCH'
  | 'FHIR_PACKAGE_INVALID'
  | 'FHIR_PACKAGE_CACHE_CORRUPT'
  | 'FHIR_PACKAGE_CACHE_UNWRITABLE'
  | 'FHIR_SNAPSHOT_FAILED';

/** A failure to build the FHIR context; the message names the package and every place searched. */
export class FhirContextError extends Error {
  override readonly name = 'FhirContextError';
  constructor(
    readonly code: FhirContextErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isFhirContextError(e: unknown): e is FhirContextError {
  return e instanceof FhirContextError;
}

/** A short, secret-free description of an unknown failure (no stack). */
export function describeError(e: unknown): string {
  if (e instanceof Error) {
    const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
    return `${e.message}${cause}`;
  }
  return String(e);
}
