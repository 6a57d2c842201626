/**
 * The public HL7 v2 corpus through the standard mappings (POST /Mapping/v2ToFhir): every message of a type the
 * standard mappings convert becomes transaction Bundles whose every resource is valid FHIR R4 under the
 * independent validator (test-support/fhir-validator.ts) — 0 errors is the bar — and every other message is
 * refused with an error that names its type, never an empty Bundle. Messages the corpus keeps under malformed/
 * are broken at the ER7 level and are not part of this test. The same messages through a service that evaluates on
 * its threads (the default), where runs are synchronous (engine/sync-tier.ts), give the same answers: the same
 * status and result, the same diagnostics (whose order may differ: items of an array or object in source order).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { corpus } from '../../../../test-support/corpora.js';
import { describeWhen, skippedBecause } from '../../../../test-support/skip.js';
import { createTestApp, warmedUp, type TestApp } from '../helpers/test-app.js';
import { checkTransactionBundles } from '../helpers/transaction-bundle-check.js';
import { describeType, isStandardMessageType, v2MessageTypes } from '../helpers/v2-message-type.js';

const hl7 = corpus('hl7v2-corpus');
const TITLE = 'standard mappings: the public HL7 v2 corpus converts to valid FHIR R4';
if (!hl7.present) skippedBecause(TITLE, hl7.missing);

function corpusFiles(): string[] {
  const rows = readFileSync(hl7.path('files.tsv'), 'utf8').split('\n').slice(1);
  return rows
    .map((row) => row.split('\t')[0]!)
    .filter((file) => file !== '' && !file.startsWith('malformed/'));
}

/** An answer without what differs between runs (execution ids, times), its diagnostics in one order. */
function comparable(status: number, body: string): string {
  if (body === '') return `${status}`;
  const value = JSON.parse(body, (k, v: unknown) =>
    k === 'executionId' || k === 'timestamp' ? undefined : v,
  );
  const diagnostics = (value as { diagnostics?: Record<string, unknown[]> } | null)?.diagnostics;
  for (const list of Object.values(diagnostics ?? {}))
    if (Array.isArray(list)) list.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return `${status} ${JSON.stringify(value)}`;
}

describeWhen(hl7.present)(TITLE, () => {
  let t: TestApp;
  let threads: TestApp;
  beforeAll(async () => {
    // in-process evaluation: 1,500 inputs through inject() without a thread hop each
    // The slowest evaluations of the corpus are a batch of 124 ADT messages (simplesender TestADT.txt) and an
    // ORU^R01 of 839 OBX (fn-hl7-json-lake bigmessage.txt), ≈ 2 s and ≈ 1 s of CPU on a loaded 2-core machine: a
    // busier CI machine could pass the default 5 s limit. This test is about validity, not speed
    // (bench/standard-mappings.js measures that), so the limit is raised here, to ten times that.
    t = await createTestApp({
      MAPX_STANDARD_MAPPINGS: 'on',
      MAPX_EVAL_ISOLATION: 'off',
      MAPX_EVAL_TIMEOUT_MS: '20000',
    });
    threads = await createTestApp({
      MAPX_STANDARD_MAPPINGS: 'on',
      MAPX_EVAL_ISOLATION: 'worker',
      MAPX_EVAL_TIMEOUT_MS: '20000',
    });
    await Promise.all([warmedUp(t.app), warmedUp(threads.app)]);
  });
  afterAll(() => Promise.all([t.close(), threads.close()]));

  it('every message of a standard type gives valid transaction Bundles; every other type a coded refusal', async () => {
    const files = corpusFiles();
    const problems: string[] = [];
    const tally = {
      files: 0,
      converted: 0,
      refused: 0,
      bundles: 0,
      resources: 0,
      failedFiles: 0,
      threadsDiffer: 0,
    };
    const resourceTypes = new Map<string, number>();
    for (const file of files) {
      const body = readFileSync(hl7.path(file));
      const types = v2MessageTypes(body.toString('latin1'));
      const expectConversion = types.length > 0 && types.every(isStandardMessageType);
      const res = await t.app.inject({
        method: 'POST',
        url: '/Mapping/v2ToFhir',
        payload: body,
        headers: { 'content-type': 'x-application/hl7-v2+er7' },
      });
      tally.files++;
      const before = problems.length;
      const onThread = await threads.app.inject({
        method: 'POST',
        url: '/Mapping/v2ToFhir',
        payload: body,
        headers: { 'content-type': 'x-application/hl7-v2+er7' },
      });
      if (comparable(onThread.statusCode, onThread.body) !== comparable(res.statusCode, res.body)) {
        tally.threadsDiffer++;
        problems.push(
          `${file}: on a thread HTTP ${onThread.statusCode}, in process ${res.statusCode}: answers differ`,
        );
      }
      if (res.statusCode === 200 || res.statusCode === 206) {
        // 206: a partial result with diagnostics, in a verbose report; an empty body is a result of nothing
        const body = (res.body === '' ? undefined : res.json()) as { result?: unknown } | undefined;
        const output: unknown = res.statusCode === 206 ? body?.result : body;
        const check = checkTransactionBundles(output, file);
        problems.push(...check.problems);
        tally.converted++;
        tally.bundles += check.bundles;
        tally.resources += check.resources;
        for (const [type, n] of check.resourceTypes)
          resourceTypes.set(type, (resourceTypes.get(type) ?? 0) + n);
      } else if (expectConversion) {
        problems.push(
          `${file} (${types.map(describeType).join(', ')}): HTTP ${res.statusCode} ${res.body.slice(0, 400)}`,
        );
      } else {
        tally.refused++;
        const unsupported = types.filter((x) => !isStandardMessageType(x)).map(describeType);
        const named = unsupported.some((type) => res.body.includes(type));
        if (res.statusCode !== 422 || (types.length > 0 && !named))
          problems.push(
            `${file}: refused with HTTP ${res.statusCode}, expected 422 naming ${unsupported.join(' or ') || 'the missing MSH-9'}: ${res.body.slice(0, 300)}`,
          );
      }
      if (problems.length > before) tally.failedFiles++;
    }
    const summary = {
      ...tally,
      problems: problems.length,
      resourceTypes: Object.fromEntries([...resourceTypes].sort(([a], [b]) => a.localeCompare(b))),
    };
    console.log(`standard mappings corpus: ${JSON.stringify(summary)}`);
    // every problem, for whoever works on the mappings: MAPX_STANDARD_CORPUS_REPORT=/tmp/report.json
    const report = process.env.MAPX_STANDARD_CORPUS_REPORT;
    if (report) writeFileSync(report, JSON.stringify({ summary, problems }, null, 2));
    expect(problems.slice(0, 200), `${problems.length} problems in ${tally.failedFiles} files`).toEqual([]);
  }, 1_800_000);
});
