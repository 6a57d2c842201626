import { startFhirTestServer, type FhirTestServer } from '@mapx/plugin-testkit/fhir-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFhirClient, createServerConceptMapSource, type Engine } from '../src/index.js';
import { r4Engine } from './helpers/test-engine.js';

const GENDER = 'http://hl7.org/fhir/administrative-gender';
const PACKAGE_MAP = 'http://hl7.org/fhir/ConceptMap/cm-administrative-gender-v2';

/** §6.4 through the whole engine: string ConceptMap names try the FHIR server first, then the packages. */
describe('$translate over server ConceptMaps (real FHIR test server)', () => {
  let server: FhirTestServer;
  let engine: Engine;
  const run = async (src: string) => (await engine.compile(src)).evaluate(null);

  beforeAll(async () => {
    server = await startFhirTestServer();
    const map = (id: string, url: string, source: string, code: string, target: string) => ({
      resourceType: 'ConceptMap',
      id,
      url,
      status: 'active',
      group: [
        { source, target: GENDER, element: [{ code, target: [{ code: target, equivalence: 'equal' }] }] },
      ],
    });
    await server.repo.updateResource(
      map('gender', 'http://example.org/cm/g', 'urn:src', 'F', 'female') as never,
    );
    // same canonical URL as the R4 package's map, different content: the server's copy must win
    await server.repo.updateResource(map('shadow', PACKAGE_MAP, 'urn:v2', 'male', 'server-male') as never);
    const serverConceptMaps = createServerConceptMapSource({
      client: createFhirClient({ baseUrl: server.baseUrl }),
    });
    engine = await r4Engine({ services: { serverConceptMaps } });
  });
  afterAll(() => server.close());

  test("$translate('F', 'gender') finds the server ConceptMap by id", async () => {
    expect(await run("$translate('F', 'gender')")).toBe('female');
    expect(await run("$translateCoding('F', 'gender')")).toEqual({ system: GENDER, code: 'female' });
  });

  test('the server is asked before the packages; a package filter goes straight to the package', async () => {
    expect(await run(`$translate('male', '${PACKAGE_MAP}')`)).toBe('server-male');
    const before = server.requests.length;
    expect(
      await run(`$translate('male', '${PACKAGE_MAP}', {'id': 'hl7.fhir.r4.core', 'version': '4.0.1'})`),
    ).toBe('M');
    expect(server.requests.length).toBe(before);
  });

  test('names unknown to the server fall back to the package ConceptMaps', async () => {
    expect(await run("$translate('female', 'cm-administrative-gender-v2')")).toBe('F');
  });
});
