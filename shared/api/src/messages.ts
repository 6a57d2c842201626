import { z } from 'zod';

/** Enterprise message: exactly one human-readable `message`. */
export const enterpriseMessageSchema = z.object({ message: z.string() });
export type EnterpriseMessage = z.infer<typeof enterpriseMessageSchema>;

/** The "not shown" bodies of the service: `{ message, code }` with a SCREAMING_SNAKE code. */
export const serviceErrorSchema = z.object({ message: z.string(), code: z.string().optional() });
export type ServiceError = z.infer<typeof serviceErrorSchema>;

/** Body of `POST /$recache`. */
export const recacheResponseSchema = z.object({
  message: z.string(),
  mappings: z.array(z.string()),
  deprecated: z.boolean().optional(),
});
export type RecacheResponse = z.infer<typeof recacheResponseSchema>;

/** `GET /Mapping` and `GET /Template/$list`: a JSON array of ids. */
export const idListSchema = z.array(z.string());

/** `GET /Mapping/$standard`: the built-in standard mappings, each with whether a user mapping overrides it. */
export const standardMappingListSchema = z.array(z.object({ id: z.string(), overridden: z.boolean() }));
export type StandardMappingList = z.infer<typeof standardMappingListSchema>;

export const TEMPLATE_TYPES = ['profile', 'resource', 'datatype', 'extension'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
