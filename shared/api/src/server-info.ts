import { z } from 'zod';

const warmUp = {
  warming_up: z.boolean().optional(),
  warming_up_enabled: z.boolean().optional(),
  warming_up_started_at: z.string().optional(),
  warming_up_finished_at: z.string().optional(),
  warming_up_error: z.string().optional(),
};

/** Body of `GET /`. */
export const serverInfoSchema = z.object({
  mapx_version: z.string(),
  fhir_server: z.string().optional(),
  uptime: z.string().optional(),
  context_packages: z.array(z.object({ id: z.string(), version: z.string() })).optional(),
  licensed_to: z.string().optional(),
  licensed_until: z.string().optional(),
  /** Configured listeners (MLLP, …): their state and counters; absent when none is configured. */
  listeners: z
    .array(
      z.looseObject({ id: z.string(), status: z.enum(['starting', 'listening', 'draining', 'stopped']) }),
    )
    .optional(),
  ...warmUp,
});
export type ServerInfo = z.infer<typeof serverInfoSchema>;

/** Body of `GET /health`. */
export const healthSchema = z.object({ status: z.string(), ...warmUp });
export type Health = z.infer<typeof healthSchema>;
