import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePolicy, resolvePolicy } from '../../../../plugins/auth/src/policy/policy-resolver.js';
import { requestPath, requestTargetProblem } from '../../src/http/request-target.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import FindMyWay from 'find-my-way';
import { ROUTER_OPTIONS } from '../../src/app.js';

/**
 * The policy and the router must see one path: for generated request targets (encodings, dot segments, doubled
 * slashes, case, fragments, `;` parameters, queries) that pass the target check, the route the policy matches is
 * the route the router serves.
 */
const SEGMENTS = [
  'Mapping',
  'mapping',
  'MAPPING',
  'Mapping;v=1',
  'Template',
  'template',
  'x1',
  'abc',
  '$list',
  '%24list',
  '%4Dapping',
  'M%61pping',
  'a%2Fb',
  'a%2fb',
  '%2e',
  '%2E%2e',
  '.',
  '..',
  '',
  ';',
  'a;b',
  'health',
  'fhir-elements',
  'designer',
  'auth',
  'policy',
  'builder',
  '%25',
  '%',
  'a b',
  'é',
  '%C3%A9',
  '$recache',
  'recache',
  'secret',
];

const target = fc
  .record({
    segments: fc.array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 3 }),
    trailing: fc.constantFrom('', '/', '//'),
    query: fc.constantFrom('', '?a=1', '?', '?x=%2F', '?#', '?a=/b/../c'),
    fragment: fc.oneof({ arbitrary: fc.constant(''), weight: 6 }, fc.constantFrom('#', '#x', '#/Mapping')),
  })
  .map(({ segments, trailing, query, fragment }) => '/' + segments.join('/') + trailing + query + fragment);

describe('one request path for the policy and the router', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      MAPPINGS_FOLDER: mkdtempSync(join(tmpdir(), 'mapx-paths-')),
      MAPX_WARMUP: 'false',
    });
  });
  afterAll(() => t.close());

  it('for every valid generated target, the policy matches the route the router serves', () => {
    const routes = t.app.mapxRoutes;
    // the service's router, rebuilt with the same library and options, each route storing its own pattern
    const router = FindMyWay({ ...ROUTER_OPTIONS, defaultRoute: () => undefined });
    for (const r of routes) router.on(r.method as 'GET', r.url, () => undefined, { pattern: r.url });
    // one policy rule per literal route pattern (the policy has no wildcard), each its own role
    const paths = [...new Set(routes.map((r) => r.url).filter((u) => !u.includes('*')))];
    const policy = compilePolicy({
      defaultRule: { roles: ['default'] },
      routes: paths.map((path) => ({ path, methods: { '*': { roles: [path] } } })),
    });
    const methods = [...new Set(routes.map((r) => r.method))];
    let compared = 0;
    fc.assert(
      fc.property(target, fc.constantFrom(...methods), (url, method) => {
        if (requestTargetProblem(url) !== undefined) return;
        const found = router.find(method as 'GET', url);
        if (found === null) return;
        const served = (found.store as { pattern: string }).pattern;
        const resolution = resolvePolicy(policy, method, requestPath(url));
        if (resolution.kind !== 'rule') return; // health, or a path the policy refuses with 400
        compared++;
        if (served === undefined || served.includes('*')) {
          expect(resolution.route, `${method} ${url} served by ${served}`).toBeNull();
        } else {
          expect(resolution.route?.toLowerCase(), `${method} ${url}`).toBe(served.toLowerCase());
        }
      }),
      { numRuns: 20_000 },
    );
    expect(compared).toBeGreaterThan(200);
  });

  it('refuses fragments, dot segments, raw spaces, stray percent signs and non-ASCII', () => {
    for (const bad of [
      '/Template/secret#x',
      '/Mapping/../Template/x',
      '/Mapping/%2e%2e/x',
      '/a b',
      '/%',
      '/é',
      '/x%zz',
    ]) {
      expect(requestTargetProblem(bad), bad).toBeDefined();
    }
    for (const good of ['/', '/Mapping/x1', '/Template/$list?type=resource', '/Mapping/a;b', '/x?a=/b']) {
      expect(requestTargetProblem(good), good).toBeUndefined();
    }
  });
});
