import { z } from 'zod';
import { parseFlag, pickEnv } from '@mapx/plugin-api';

const flagSchema = z
  .custom<unknown>((v) => parseFlag(v) !== undefined, {
    message: 'expected on/off (also true/false, 1/0, yes/no)',
  })
  .transform((v) => parseFlag(v)!);

export const standardStoreOptionsSchema = z.object({
  /** The standard mappings are served unless this is false (`MAPX_STANDARD_MAPPINGS=off`). */
  enabled: flagSchema.default(true),
});

export type StandardStoreOptions = z.output<typeof standardStoreOptionsSchema>;

const ENV_TO_OPTION = { MAPX_STANDARD_MAPPINGS: 'enabled' } as const;

export function standardOptionsFromEnv(env: Readonly<Record<string, string | undefined>>): unknown {
  return pickEnv(env, ENV_TO_OPTION);
}
