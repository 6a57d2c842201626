/**
 * The one way a test reaches the optional public corpora (HL7 v2 messages, FHIR examples, FHIR packages, the
 * HL7 V2-to-FHIR guide's tables). They are not part of the repository: they are looked for in
 * `MAPX_CORPORA_DIR`, else in a folder named `shared` beside the checkout. A test that needs one calls
 * `corpus(name)` and, when it is absent, skips with a message that names what is missing. Where
 * `MAPX_REQUIRE_CORPORA=1` (CI sets it: CI has the corpora) an absent corpus is a failure, not a skip.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type CorpusName = 'hl7v2-corpus' | 'fhir-examples' | 'fhir-packages' | 'v2-to-fhir';

/** A file each corpus always has, so that an empty or partial folder does not count as present. */
const MARKER: Record<CorpusName, string> = {
  'hl7v2-corpus': 'files.tsv',
  'fhir-examples': 'r4',
  'fhir-packages': '.',
  'v2-to-fhir': 'SOURCE.md',
};

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** The folder the corpora are looked for in. */
export const CORPORA_DIR = resolve(process.env.MAPX_CORPORA_DIR || join(REPO, '..', 'shared'));

export interface Corpus {
  readonly name: CorpusName;
  /** The corpus folder (absolute), whether or not it exists. */
  readonly dir: string;
  readonly present: boolean;
  /** Why the tests that need it skip: names the corpus, where it was looked for, and how to provide it. */
  readonly missing: string;
  /** A path inside the corpus. */
  path(...parts: string[]): string;
}

export const corporaRequired = (): boolean => process.env.MAPX_REQUIRE_CORPORA === '1';

export function corpus(name: CorpusName): Corpus {
  const dir = join(CORPORA_DIR, name);
  const present = existsSync(join(dir, MARKER[name]));
  const missing = `the public corpus '${name}' is absent (looked for ${dir}; set MAPX_CORPORA_DIR to the folder that holds it)`;
  if (!present && corporaRequired()) {
    throw new Error(`MAPX_REQUIRE_CORPORA=1 but ${missing}`);
  }
  return { name, dir, present, missing, path: (...parts) => join(dir, ...parts) };
}
