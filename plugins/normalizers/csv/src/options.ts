import { z } from 'zod';

export const csvOptionsSchema = z
  .object({
    /** Default delimiter when the media type carries no `delimiter` parameter. */
    delimiter: z.string().length(1).default(','),
    /** Default for the RFC 4180 `header` parameter: `absent` names every column `field<N>`. */
    header: z.enum(['present', 'absent']).default('present'),
  })
  .strict();

export type CsvOptions = z.infer<typeof csvOptionsSchema>;
