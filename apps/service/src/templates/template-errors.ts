/** Service error codes of the template area (architecture §6: one catalogue entry per code). */
export const TEMPLATE_ERRORS = {
  TEMPLATE_ID_MISSING: { status: 400, message: 'A template id is required: GET /Template/{templateId}.' },
  TEMPLATE_TYPE_INVALID: {
    status: 500,
    message: 'Invalid template type: use one of profile, resource, datatype, extension.',
  },
  TEMPLATE_NOT_FOUND: { status: 404, message: 'No template for this id: no StructureDefinition matches it.' },
  TEMPLATE_NOT_SUPPORTED: {
    status: 404,
    message: 'No template for this id: the StructureDefinition is a logical model or has no snapshot.',
  },
  FHIR_CONTEXT_UNAVAILABLE: {
    status: 503,
    message: 'The FHIR package context is not ready yet; retry shortly.',
  },
  TEMPLATE_GENERATION_FAILED: { status: 500, message: 'The template could not be generated.' },
} as const;

export type TemplateErrorCode = keyof typeof TEMPLATE_ERRORS;

export type TemplateResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: TemplateErrorCode; readonly message: string };

export function templateFailure(code: TemplateErrorCode, detail?: string): TemplateResult<never> {
  const base = TEMPLATE_ERRORS[code].message;
  return { ok: false, code, message: detail ? `${base} (${detail})` : base };
}
