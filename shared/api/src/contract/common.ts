import { z } from 'zod';
import { MAPX_MEDIA_TYPE, PROBLEM_MEDIA_TYPE } from '../media-types.js';
import { problemDetailsSchema } from '../errors/problem-details.js';
import { serviceErrorSchema, enterpriseMessageSchema } from '../messages.js';
import type { ResponseContract } from './route-contract.js';

export const text = z.string();
export const anyJson = z.unknown();
export const jsonObject = z.record(z.string(), z.unknown());

export const json = (description: string, schema: z.ZodType): ResponseContract => ({
  description,
  content: { 'application/json': schema },
});
export const message = (description: string) => json(description, serviceErrorSchema);
export const enterpriseMessage = (description: string) => json(description, enterpriseMessageSchema);
export const mapxText = (description: string): ResponseContract => ({
  description,
  content: { [MAPX_MEDIA_TYPE]: text },
});
export const html = (description: string): ResponseContract => ({
  description,
  content: { 'text/html': text },
});
export const problem = (description: string): ResponseContract => ({
  description,
  content: { [PROBLEM_MEDIA_TYPE]: problemDetailsSchema },
});

export const verboseQuery = {
  name: 'verbose',
  description: '`true` (any case) or `1`: the body is a verbose report',
  schema: z.string(),
} as const;

export const explainQuery = {
  name: 'explain',
  description:
    '`true` (any case) or `1`: the body is a verbose report with an `explain` section (where each result element came from), verbose or not',
  schema: z.string(),
} as const;

export const mappingIdParams = z.object({ mappingId: z.string() });
export const subrouteParams = z.object({ mappingId: z.string(), '*': z.string() });
