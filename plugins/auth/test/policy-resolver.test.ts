import { describe, expect, it } from 'vitest';
import { compilePolicy, decideAccess, resolvePolicy } from '../src/policy/policy-resolver.js';
import { loadPolicyCases } from './support/policy-cases.js';

describe('policy resolution (server side)', () => {
  for (const c of loadPolicyCases()) {
    describe(`${c.file}: ${c.description}`, () => {
      const compiled = compilePolicy(c.policy);
      for (const r of c.requests) {
        it(`${r.method} ${r.path} caller=${JSON.stringify(r.caller)} → ${r.expect}`, () => {
          const res = resolvePolicy(compiled, r.method, r.path);
          if (r.expect === 'bad-path') {
            expect(res.kind).toBe('bad-path');
            return;
          }
          const outcome =
            res.kind === 'health'
              ? 'allow'
              : decideAccess(res.rule, r.caller === null ? null : { roles: r.caller });
          expect(outcome).toBe(r.expect);
          expect(res.kind === 'rule' ? res.route : null).toBe(r.route);
        });
      }
    });
  }
});
