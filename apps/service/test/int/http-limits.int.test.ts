import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('request limits and malformed bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAPX_REQUEST_BODY_LIMIT: '1kb' });
  });
  afterAll(() => t.close());

  it('answers 413 with a JSON message above MAPX_REQUEST_BODY_LIMIT', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/',
      payload: { mapx: '$', input: 'x'.repeat(2000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'Request body is larger than the limit of 1024 bytes',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('answers 400 with the parse position for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: '{"mapx": "1",}',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('INVALID_JSON');
    expect(body.position).toBe(13);
  });

  it('says that the body is not JSON, then what and where, in the message of a malformed body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json' },
      payload: '{"mapx": "1",}',
    });
    expect(res.json()).toMatchObject({
      code: 'INVALID_JSON',
      message: 'Invalid JSON: unexpected "}" at line 1, column 14',
      line: 1,
      column: 14,
    });
  });

  it('answers 400 NO_EXPRESSION for a missing expression, and keeps serving', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/', payload: { input: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ __isMapxError: true, code: 'NO_EXPRESSION', name: 'BadRequest' });
    const ok = await t.app.inject({ method: 'GET', url: '/health' });
    expect(ok.statusCode).toBe(200);
  });
});
