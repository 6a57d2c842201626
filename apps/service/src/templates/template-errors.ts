import { serviceErrorMessage } from '@mapx/api';

/** The template area's codes in the service catalogue (`SERVICE_ERRORS` of `@mapx/api`). */
export type TemplateErrorCode =
  | 'TEMPLATE_ID_MISSING'
  | 'TEMPLATE_TYPE_INVALID'
  | 'TEMPLATE_NOT_FOUND'
  | 'TEMPLATE_NOT_SUPPORTED'
  | 'TEMPLATE_CONTEXT_UNAVAILABLE'
  | 'TEMPLATE_GENERATION_FAILED';

export type TemplateResult<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly code: TemplateErrorCode;
      readonly message: string;
      readonly detail: string | undefined;
    };

/** A failure with the catalogue's message, the detail (the id asked for, …) in parentheses. */
export function templateFailure(code: TemplateErrorCode, detail?: string): TemplateResult<never> {
  const base = serviceErrorMessage(code);
  return { ok: false, code, message: detail ? `${base} (${detail})` : base, detail };
}
