import { z } from 'zod';

/** Problem `type` URIs are tag URIs (RFC 9457 §4: identifiers not meant to be dereferenced). */
export const PROBLEM_TYPE_PREFIX = 'tag:mapx,2025:problem:';

/** RFC 9457 problem details as the authentication endpoints answer them, with the mapx `code`. */
export const problemDetailsSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
});
export type ProblemDetails = z.infer<typeof problemDetailsSchema>;

/** The problem-details body of `code` (RFC 9457), `members` after the standard ones. */
export function problemDetails(
  status: number,
  code: string,
  detail: string,
  meta: { readonly slug: string; readonly title: string },
  members: Readonly<Record<string, unknown>> = {},
): ProblemDetails {
  return { type: PROBLEM_TYPE_PREFIX + meta.slug, title: meta.title, status, detail, code, ...members };
}
