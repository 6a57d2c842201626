import { z } from 'zod';
import { HL7_VERSIONS } from './dictionary.js';

const version = z.enum(HL7_VERSIONS as [string, ...string[]]);

export const hl7v2OptionsSchema = z
  .object({
    /**
     * Dictionary version used when MSH-12 names a version without its own definitions (2.8, 2.999) or is empty;
     * unset: the nearest earlier version (empty: 2.5.1). A warning says so either way.
     */
    versionFallback: version.optional(),
    /** Versions whose dictionary is compiled at start-up instead of on the first message. */
    preloadVersions: z.array(version).default([]),
  })
  .strict();

export type Hl7v2Options = z.infer<typeof hl7v2OptionsSchema>;
