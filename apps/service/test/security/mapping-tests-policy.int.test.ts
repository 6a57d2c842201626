import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { startJwksIdp, type JwksIdp } from '../helpers/jwks-idp.js';

/** The mapping-test rows of the security probe table (docs/security.md, docs/auth.md "Coverage decisions"). */

function policyYaml(issuer: string): string {
  return Buffer.from(
    `version: 1
keycloak: { issuer: ${issuer} }
jwt: { valueSource: { type: memberOf } }
designerClient: { clientId: designer, scope: openid }
resource: { url: http://mapx.test, name: mapx }
policy:
  defaultRule: { access: authenticated }
  routes:
    - path: /Mapping/:id
      methods:
        GET: { roles: [staff, admin] }
        POST: { roles: [staff, admin] }
        PUT: { roles: [admin] }
        DELETE: { roles: [admin] }
`,
  ).toString('base64');
}

describe('security table: mapping tests follow the policy of their mapping', () => {
  let idp: JwksIdp;
  let t: TestApp;
  beforeAll(async () => {
    idp = await startJwksIdp();
    const folder = mkdtempSync(join(tmpdir(), 'mapx-sec-tests-'));
    writeFileSync(join(folder, 'm.mapx'), '$');
    writeFileSync(join(folder, 'big.mapx'), '$pad("", 5000, "x")');
    t = await createTestApp({
      MAPPINGS_FOLDER: folder,
      AUTH_CONFIG_PATH: policyYaml(idp.issuer),
      MAPX_TEST_CASE_MAX_BYTES: '1kb',
      MAPX_TEST_CASES_MAX: '2',
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  const call = async (
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    url: string,
    roles: string[],
    body?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await idp.sign(roles)}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const testCase = (input: string) => ({ inputExtension: 'json', input, expected: JSON.parse(input) });

  it('PUT and DELETE of a case need the writer of /Mapping/{id}; reads and runs its reader and runner', async () => {
    expect((await call('PUT', '/MappingTests/m/c1', ['staff'], testCase('{"a":1}'))).statusCode).toBe(403);
    expect((await call('PUT', '/MappingTests/m/c1', ['admin'], testCase('{"a":1}'))).statusCode).toBe(201);
    expect((await call('DELETE', '/MappingTests/m/c1', ['staff'])).statusCode).toBe(403);
    expect((await call('GET', '/MappingTests/m', ['staff'])).statusCode).toBe(200);
    expect((await call('GET', '/MappingTests/m/c1', ['staff'])).statusCode).toBe(200);
    const run = await call('POST', '/MappingTests/m/$run', ['staff']);
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ passed: 1, failed: 0 });
    // any token passes defaultRule; running the mapping's tests needs its runner's role
    expect((await call('POST', '/MappingTests/m/$run', ['guest'])).statusCode).toBe(403);
    expect((await call('POST', '/MappingTests/m/c1/$run', ['guest'])).statusCode).toBe(403);
    expect((await call('GET', '/MappingTests/m/c1', ['guest'])).statusCode).toBe(403);
  });

  it('a case over MAPX_TEST_CASE_MAX_BYTES → 413; past MAPX_TEST_CASES_MAX → 409; a replacement still passes', async () => {
    const big = await call('PUT', '/MappingTests/m/huge', ['admin'], testCase(`"${'x'.repeat(2000)}"`));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'TEST_CASE_TOO_LARGE' });
    expect(big.json().message).toMatch(/MAPX_TEST_CASE_MAX_BYTES/);
    // far past the bound, the body is refused before it is parsed
    const huge = await call('PUT', '/MappingTests/m/huge', ['admin'], testCase(`"${'x'.repeat(200_000)}"`));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect((await call('PUT', '/MappingTests/m/c2', ['admin'], testCase('{"b":2}'))).statusCode).toBe(201);
    const third = await call('PUT', '/MappingTests/m/c3', ['admin'], testCase('{"c":3}'));
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'TEST_CASES_TOO_MANY' });
    expect((await call('PUT', '/MappingTests/m/c2', ['admin'], testCase('{"b":3}'))).statusCode).toBe(200);
  });

  it('$run leaves out an output over MAPX_TEST_CASE_MAX_BYTES instead of carrying it', async () => {
    const put = await call('PUT', '/MappingTests/big/c', ['admin'], {
      inputExtension: 'json',
      input: '{}',
      expected: 'x',
    });
    expect(put.statusCode).toBe(201);
    const run = await call('POST', '/MappingTests/big/$run', ['staff']);
    expect(run.statusCode).toBe(200);
    const [result] = run.json().results;
    expect(result).toMatchObject({ name: 'c', outcome: 'failed', truncated: true });
    expect(result).not.toHaveProperty('actual');
    expect(result.message).toMatch(/5002 characters of JSON, more than MAPX_TEST_CASE_MAX_BYTES \(1024\)/);
  });
});
