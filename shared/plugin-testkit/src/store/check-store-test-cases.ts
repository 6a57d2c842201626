import { isDeepStrictEqual } from 'node:util';
import { StoreError, type MappingStore, type MappingTestCase } from '@mapx/plugin-api';

const CASE: MappingTestCase = {
  name: 'testkit-case_1',
  inputExtension: 'csv',
  input: new TextEncoder().encode('id,name\n1,Ada ✓\n'),
  expected: '{\n  "resourceType": "Patient"\n}\n',
};

/**
 * Exercises a writable store's optional test-case methods (listTests, getTest, putTest, deleteTest) on
 * `mappingId` the way the host uses them; returns the problems found (empty: conforming). A store that offers
 * none of them conforms too: test cases are optional. The store is left as found when all goes well.
 */
export async function checkStoreTestCases(store: MappingStore, mappingId: string): Promise<string[]> {
  const methods = ['listTests', 'getTest', 'putTest', 'deleteTest'] as const;
  const offered = methods.filter((m) => typeof store[m] === 'function').length;
  if (offered === 0) return [];
  if (offered !== 4) return ['offers some test-case methods but not all four'];
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => void (ok || problems.push(problem));
  const s = store as Required<MappingStore>;
  check(!(await s.listTests(mappingId)).some((t) => t.name === CASE.name), 'the check case exists already');
  check((await s.putTest(mappingId, CASE)).created, 'putTest of a new case did not report created');
  const listed = await s.listTests(mappingId);
  check(
    listed.some((t) => t.name === CASE.name && t.inputExtension === 'csv' && t.hasExpected),
    'listTests does not list the case with its extension and expectation',
  );
  const read = await s.getTest(mappingId, CASE.name);
  check(read !== undefined && Buffer.from(read.input).equals(Buffer.from(CASE.input)), 'input bytes differ');
  check(read?.expected === CASE.expected, 'expected text differs');
  const replaced = { ...CASE, inputExtension: 'json', input: new TextEncoder().encode('{}') };
  delete (replaced as { expected?: string }).expected;
  check(!(await s.putTest(mappingId, replaced)).created, 'putTest of an existing case reported created');
  const again = await s.getTest(mappingId, CASE.name);
  check(
    isDeepStrictEqual([again?.inputExtension, again?.expected], ['json', undefined]),
    'a put without expectation under another extension must replace input and remove the expectation',
  );
  check(await s.deleteTest(mappingId, CASE.name), 'deleteTest of an existing case did not resolve true');
  check(!(await s.deleteTest(mappingId, CASE.name)), 'deleteTest of a missing case did not resolve false');
  check((await s.getTest(mappingId, CASE.name)) === undefined, 'a deleted case can still be read');
  for (const name of ['../x', 'a.b', '', 'x'.repeat(65)]) {
    const refused = await s.putTest(mappingId, { ...CASE, name }).then(
      () => false,
      (e: unknown) => e instanceof StoreError && e.code === 'STORE_BAD_ID',
    );
    check(refused, `putTest accepted the bad name ${JSON.stringify(name)} (expected STORE_BAD_ID)`);
  }
  return problems;
}
