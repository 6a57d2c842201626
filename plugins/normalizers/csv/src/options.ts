import { z } from 'zod';

export const csvOptionsSchema = z
  .object({
    /**
     * Default delimiter when the media type carries no `delimiter` parameter: one character, or `auto` (read
     * from the header line: the most frequent of `,` `;` tab `|`).
     */
    delimiter: z
      .string()
      .refine((v) => v === 'auto' || v.length === 1, { message: 'expected one character or auto' })
      .default('auto'),
    /** Default for the RFC 4180 `header` parameter: `absent` names every column `field<N>`. */
    header: z.enum(['present', 'absent']).default('present'),
  })
  .strict();

export type CsvOptions = z.infer<typeof csvOptionsSchema>;
