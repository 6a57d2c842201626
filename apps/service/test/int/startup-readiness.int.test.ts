/**
 * The built service as `npm start` runs it (evaluation threads on, standard mappings on, warm-up on): its threads
 * start while it is still building itself, and the first `/health` that reports warm-up finished must mean that a
 * request needing a thread, the FHIR definitions and the standard mappings is answered correctly at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, startBuiltServer, type Started } from '../helpers/start-built-server.js';
import { testMessage } from '../fixtures/standard-messages.js';

interface Health {
  readonly status: string;
  readonly warming_up: boolean;
  readonly warming_up_finished_at?: string;
  readonly warming_up_error?: string;
}

/** Polls /health as a load balancer would (no pause beyond a few ms) until warm-up has finished. */
async function firstReady(baseUrl: string): Promise<Health> {
  for (;;) {
    const health = (await (await fetch(`${baseUrl}/health`)).json()) as Health;
    if (!health.warming_up) return health;
    await new Promise((r) => setTimeout(r, 2));
  }
}

describe('the built service, the moment /health first reports it warmed up', () => {
  let server: Started;
  let ready: Health;
  beforeAll(async () => {
    buildService();
    server = await startBuiltServer({ MAPX_STANDARD_MAPPINGS: 'on', MAPX_EVAL_ISOLATION: 'worker' });
    ready = await firstReady(server.baseUrl);
  }, 180_000);
  afterAll(() => server?.stop());

  it('reports UP with warm-up finished and no warm-up error', () => {
    expect(ready).toMatchObject({ status: 'UP', warming_up: false });
    expect(ready.warming_up_finished_at).toEqual(expect.any(String));
    expect(ready.warming_up_error).toBeUndefined();
  });

  it('converts an HL7 v2 message with a standard mapping in an evaluation thread', async () => {
    const message = testMessage('ADT', 'A01');
    const res = await fetch(`${server.baseUrl}/Mapping/v2ToFhir`, {
      method: 'POST',
      headers: { 'content-type': 'x-application/hl7-v2+er7' },
      body: message.text,
    });
    const body = (await res.json()) as {
      resourceType?: string;
      entry?: { resource?: { resourceType?: string } }[];
    };
    expect(res.status, JSON.stringify(body).slice(0, 500)).toBe(200);
    expect(body.resourceType).toBe('Bundle');
    const patient = body.entry?.find((e) => e.resource?.resourceType === 'Patient')?.resource as
      { identifier?: { value?: string }[] } | undefined;
    expect(patient?.identifier?.map((i) => i.value)).toContain('12345');
  });

  it('evaluates FLASH against the FHIR definitions', async () => {
    const res = await fetch(`${server.baseUrl}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mapx: 'InstanceOf: Patient\n* gender = gender', input: { gender: 'female' } }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ resourceType: 'Patient', gender: 'female' });
  });
});
