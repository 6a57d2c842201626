import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PolicyDocument } from '../../src/policy/policy-resolver.js';

export interface PolicyCaseRequest {
  readonly method: string;
  readonly path: string;
  /** null: no token; otherwise the roles of a valid token. */
  readonly caller: string[] | null;
  /** The matched route pattern, null when none (or GET /health, bad path). */
  readonly route: string | null;
  readonly expect: 'allow' | 'unauthenticated' | 'forbidden' | 'bad-path';
}

export interface PolicyCase {
  readonly file: string;
  readonly description: string;
  readonly policy: PolicyDocument;
  readonly requests: readonly PolicyCaseRequest[];
}

const DIR = join(import.meta.dirname, '..', 'cases', 'policy');

export function loadPolicyCases(): PolicyCase[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({
      file,
      ...(JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Omit<PolicyCase, 'file'>),
    }));
}
