/** Problem `type` URIs are tag URIs (RFC 9457 §4: identifiers not meant to be dereferenced). */
export const PROBLEM_TYPE_PREFIX = 'tag:mapx,2025:problem:';

/** RFC 9457 problem details with the mapx `code` (its schema is in `@mapx/api`, for the OpenAPI document). */
export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: string;
  readonly [member: string]: unknown;
}

/**
 * The one builder of a problem-details body (the authentication endpoints and challenges), `members` after the
 * standard ones.
 */
export function problemDetails(
  status: number,
  code: string,
  detail: string,
  meta: { readonly slug: string; readonly title: string },
  members: Readonly<Record<string, unknown>> = {},
): ProblemDetails {
  return { type: PROBLEM_TYPE_PREFIX + meta.slug, title: meta.title, status, detail, code, ...members };
}
