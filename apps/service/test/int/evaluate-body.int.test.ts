import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** The contract's schema validates the body of POST /; what the service accepted before it still is. */
describe('POST / body validated by the contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAPX_EVAL_ISOLATION: 'off' });
  });
  afterAll(() => t.close());

  const post = (payload: string, url = '/') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

  it('answers NO_EXPRESSION, in the Mapx error payload, for every body without a string mapx', async () => {
    for (const payload of ['[]', 'null', '"x"', '{}', '{"mapx":5}', '{"mapx":"  "}', '{"mapx":null}']) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json(), payload).toMatchObject({
        __isMapxError: true,
        code: 'NO_EXPRESSION',
        name: 'BadRequest',
      });
    }
    const verbose = await post('{"mapx":5}', '/?verbose=true');
    expect(verbose.statusCode).toBe(400);
    expect(verbose.json().diagnostics.error[0].code).toBe('NO_EXPRESSION');
  });

  it('ignores a contentType that is not a string and members it does not know', async () => {
    const res = await post('{"mapx":"a + 1","input":{"a":1},"contentType":5,"extra":true}');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(2);
  });

  it('evaluates against null without input, and normalises input by its contentType', async () => {
    expect((await post('{"mapx":"$type($)"}')).json()).toBe('null');
    const csv = await post('{"mapx":"$[0].b","input":"a,b\\n1,x\\n","contentType":"text/csv"}');
    expect(csv.json()).toBe('x');
  });

  it('stores a __proto__ member of the body as data, never as a prototype', async () => {
    const res = await post('{"mapx":"$count($keys($))","input":{"__proto__":{"x":1}}}');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(1);
  });
});
