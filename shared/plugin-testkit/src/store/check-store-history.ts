import { isValidMappingVersionId, type MappingStore } from '@mapx/plugin-api';

const TEXTS = ["'testkit history 1'", "'testkit history 2'", "'testkit history 3'"] as const;

/**
 * Exercises a writable store's optional history methods (listVersions, getVersion) on `mappingId`, which must not
 * exist yet: three saves, then the versions must come back newest first, the current one first, each readable by
 * its id. The store must be configured to keep at least two earlier versions. Returns the problems found (empty:
 * conforming); a store that offers neither method conforms too. The mapping is deleted at the end.
 */
export async function checkStoreHistory(store: MappingStore, mappingId: string): Promise<string[]> {
  const offered = [store.listVersions, store.getVersion].filter((m) => typeof m === 'function').length;
  if (offered === 0) return [];
  if (offered !== 2) return ['offers one history method but not both'];
  if (!store.put) return ['offers history but cannot save mappings (no put)'];
  const s = store as Required<MappingStore>;
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => void (ok || problems.push(problem));
  check((await s.listVersions(mappingId)).length === 0, 'an unknown mapping lists versions');
  for (const text of TEXTS) await s.put(mappingId, text);
  const versions = await s.listVersions(mappingId);
  check(versions.length >= 3, `three saves list ${versions.length} versions (expected at least 3)`);
  check(versions[0]?.current === true, 'the first version listed is not the current one');
  check(versions.filter((v) => v.current).length === 1, 'not exactly one version is current');
  check(new Set(versions.map((v) => v.versionId)).size === versions.length, 'version ids repeat');
  check(
    versions.every((v) => isValidMappingVersionId(v.versionId)),
    'a version id does not match MAPPING_VERSION_ID_PATTERN',
  );
  check(
    versions.every((v) => v.savedAt === undefined || !Number.isNaN(Date.parse(v.savedAt))),
    'a savedAt is not a date',
  );
  const texts = await Promise.all(
    versions.slice(0, 3).map(async (v) => (await s.getVersion(mappingId, v.versionId))?.expression),
  );
  check(
    texts.join('|') === [...TEXTS].reverse().join('|'),
    `the versions read back are not the saved texts newest first: ${JSON.stringify(texts)}`,
  );
  check((await s.getVersion(mappingId, 'no-such-version')) === undefined, 'an unknown version id is read');
  for (const bad of ['../x', '', 'a/b', 'x'.repeat(65)]) {
    const read = await s.getVersion(mappingId, bad).then(
      (v) => v === undefined,
      () => false,
    );
    check(read, `getVersion of the bad id ${JSON.stringify(bad)} did not resolve undefined`);
  }
  check((await s.listVersions('../x')).length === 0, 'an invalid mapping id lists versions');
  if (store.delete) await store.delete(mappingId);
  return problems;
}
