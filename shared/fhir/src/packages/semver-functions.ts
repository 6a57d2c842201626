import { createRequire } from 'node:module';
import type MaxSatisfying from 'semver/ranges/max-satisfying.js';
import type Rsort from 'semver/functions/rsort.js';
import type Valid from 'semver/functions/valid.js';
import type ValidRange from 'semver/ranges/valid.js';

/**
 * semver's CommonJS files through `require`: importing them from ESM made Node scan each for named exports
 * (cjs-module-lexer) at every start of the service, ~8 ms of CPU before it could listen.
 */
const load = createRequire(import.meta.url);

export const maxSatisfying = load('semver/ranges/max-satisfying.js') as typeof MaxSatisfying;
export const rsort = load('semver/functions/rsort.js') as typeof Rsort;
export const valid = load('semver/functions/valid.js') as typeof Valid;
export const validRange = load('semver/ranges/valid.js') as typeof ValidRange;
