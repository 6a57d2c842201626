import { z } from 'zod';

/** One entry of `GET /plugins`. */
export const pluginInfoSchema = z.object({
  kind: z.enum(['normalizer', 'store', 'auth-provider', 'listener']),
  id: z.string(),
  packageName: z.string(),
  version: z.string(),
  description: z.string().optional(),
  builtIn: z.boolean(),
  active: z.boolean(),
});
export type PluginInfo = z.infer<typeof pluginInfoSchema>;
