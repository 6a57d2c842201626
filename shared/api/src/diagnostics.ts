import { z } from 'zod';
import { explainReportSchema } from './explain.js';

/** Offsets arrive as integers, but the legacy error payload may carry them as strings. */
const offset = z.union([z.number(), z.string()]);

/** One diagnostic entry of a verbose report (service-interface.md, "Diagnostic entry"). */
export const diagnosticEntrySchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  position: z.number().optional(),
  start: z.number().optional(),
  line: z.number().optional(),
  instanceOf: z.string().optional(),
  fhirElement: z.string().optional(),
  bindingStrength: z.string().optional(),
  expansionMode: z.string().optional(),
  value: z.unknown().optional(),
  severity: z.number().optional(),
  level: z.string().optional(),
  timestamp: z.number().optional(),
});
export type DiagnosticEntry = z.infer<typeof diagnosticEntrySchema>;

export const diagnosticsSchema = z.object({
  error: z.array(diagnosticEntrySchema),
  warning: z.array(diagnosticEntrySchema),
  debug: z.array(diagnosticEntrySchema),
});
export type Diagnostics = z.infer<typeof diagnosticsSchema>;

/** Body of a verbose evaluation (`?verbose=true`). */
export const verboseReportSchema = z.object({
  ok: z.boolean(),
  status: z.number(),
  result: z.unknown().optional(),
  diagnostics: diagnosticsSchema,
  executionId: z.string(),
  /** Only with `explain=true`. */
  explain: explainReportSchema.optional(),
});
export type VerboseReport = z.infer<typeof verboseReportSchema>;

/** Compilation and evaluation failures in non-verbose mode (service-interface.md, "Mapx error payload"). */
export const mapxErrorPayloadSchema = z.object({
  __isMapxError: z.boolean(),
  __isFlashError: z.boolean().optional(),
  message: z.string(),
  code: z.string(),
  name: z.string().optional(),
  value: z.unknown().optional(),
  token: z.string().optional(),
  cause: z.unknown().optional(),
  line: offset.optional(),
  start: offset.optional(),
  position: offset.optional(),
});
export type MapxErrorPayload = z.infer<typeof mapxErrorPayloadSchema>;
