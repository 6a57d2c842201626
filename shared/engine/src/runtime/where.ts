import type { Env } from './policy.js';

/** Where a diagnostic points: the block's profile, the FHIR element and the place in the source. */
export interface Where {
  instanceOf: string;
  fhirElement: string;
  position?: number;
  start?: number;
  line?: number;
}

/** A diagnostic's place, or how to build it: most values never report, so most places are never built. */
export type WhereRef = Where | (() => Where);

export const whereOf = (w: WhereRef): Where => (typeof w === 'function' ? w() : w);

/** The environment to report to and the validation level, read once per native call (see flash/run-context.ts). */
export interface Checks {
  env: Env;
  vl: number;
}
