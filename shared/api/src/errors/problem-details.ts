import { z } from 'zod';

/**
 * RFC 9457 problem details as the authentication endpoints answer them, with the mapx `code`. Built by
 * `problemDetails` of `@mapx/plugin-api` (the auth plugin may import nothing else of ours).
 */
export const problemDetailsSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
});
