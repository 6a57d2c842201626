import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The expected issue of a case; unset fields are not checked. */
export interface ExpectedIssue {
  readonly code: string;
  readonly status?: number;
  readonly line?: number;
  readonly column?: number;
  readonly position?: number;
}

/**
 * One data-driven normaliser case, as written in a `*.json` file under a cases folder. Exactly one of
 * `expected`, `expectedFile`, `expectUndefined` and `issue` says what must come out.
 */
export interface NormalizerCaseFile {
  readonly description?: string;
  /** The full Content-Type value, parameters included (`text/csv; delimiter=";"`). */
  readonly mediaType: string;
  /** The body: a string for text formats, any JSON for parsed JSON input. */
  readonly input?: unknown;
  /** Path (relative to the case file) of a UTF-8 file used as the string body. */
  readonly inputFile?: string;
  /** Whether the body is a raw HTTP body (`RawInput.raw`). */
  readonly raw?: boolean;
  /** Raw plugin options for this case, validated by the plugin's `optionsSchema`. */
  readonly options?: unknown;
  /** Run with a context whose `fhir()` gives undefined (FHIR definitions not loaded yet). */
  readonly withoutFhir?: boolean;
  /** Expected answer of the normaliser's `accepts` hook for this input. */
  readonly accepts?: boolean;
  readonly expected?: unknown;
  /** Path (relative to the case file) of a JSON file holding the expected value. */
  readonly expectedFile?: string;
  readonly expectUndefined?: boolean;
  readonly issue?: ExpectedIssue;
}

/** A case ready to run: files resolved, name derived from its path. */
export interface NormalizerCase {
  readonly name: string;
  readonly file: string;
  readonly description?: string;
  readonly mediaType: string;
  readonly body: unknown;
  readonly raw?: boolean;
  readonly options?: unknown;
  readonly withoutFhir: boolean;
  readonly accepts?: boolean;
  readonly expect:
    | { readonly kind: 'value'; readonly value: unknown }
    | { readonly kind: 'undefined' }
    | { readonly kind: 'issue'; readonly issue: ExpectedIssue };
}

/** Reads every `*.json` case under `casesDir` (recursively, sorted). Throws on a malformed case file. */
export function loadNormalizerCases(casesDir: string): NormalizerCase[] {
  const root = resolve(casesDir);
  return listJsonFiles(root).map((file) => toCase(root, file));
}

function listJsonFiles(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  return entries.flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return listJsonFiles(path);
    return e.isFile() && e.name.endsWith('.json') ? [path] : [];
  });
}

function toCase(root: string, file: string): NormalizerCase {
  const c = JSON.parse(readFileSync(file, 'utf8')) as NormalizerCaseFile;
  const name = relative(root, file)
    .replace(/\\/g, '/')
    .replace(/\.json$/, '');
  const fail = (why: string): never => {
    throw new Error(`normaliser case ${file}: ${why}`);
  };
  if (typeof c.mediaType !== 'string') fail('mediaType must be a string');
  const here = dirname(file);
  const body = c.inputFile !== undefined ? readFileSync(resolve(here, c.inputFile), 'utf8') : c.input;
  const outcomes = [
    c.expected !== undefined,
    c.expectedFile !== undefined,
    c.expectUndefined === true,
    c.issue !== undefined,
  ];
  if (outcomes.filter(Boolean).length !== 1)
    fail('give exactly one of expected, expectedFile, expectUndefined, issue');
  const expect: NormalizerCase['expect'] = c.issue
    ? { kind: 'issue', issue: c.issue }
    : c.expectUndefined
      ? { kind: 'undefined' }
      : {
          kind: 'value',
          value: c.expectedFile !== undefined ? readJson(resolve(here, c.expectedFile)) : c.expected,
        };
  return {
    name,
    file,
    mediaType: c.mediaType,
    body,
    withoutFhir: c.withoutFhir === true,
    expect,
    ...(c.description !== undefined && { description: c.description }),
    ...(c.raw !== undefined && { raw: c.raw }),
    ...(c.options !== undefined && { options: c.options }),
    ...(c.accepts !== undefined && { accepts: c.accepts }),
  };
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}
