import { mkdir, readdir, readFile, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  StoreError,
  isValidMappingId,
  isValidTestInputExtension,
  isValidTestName,
  type MappingTestCase,
  type MappingTestCaseSummary,
  type PluginLogger,
} from '@mapx/plugin-api';
import { syncDirectory, writeFileAtomic } from './atomic-write.js';
import { errnoCode } from './io-error.js';
import { isTempFileName } from './temp-file-name.js';

const EXPECTED_SUFFIX = '.expected.json';

/** The folder `<id>.tests` beside `<id><ext>`; see docs/stores.md. */
export function testsFolderName(id: string): string {
  return `${id}.tests`;
}

interface TestFiles {
  readonly inputs: Map<string, string[]>;
  readonly expected: Set<string>;
}

/** Test cases of one mapping as `<name>.<ext>` inputs and `<name>.expected.json` expectations. */
export class FolderTestCases {
  constructor(
    private readonly dir: string,
    private readonly logger: PluginLogger,
  ) {}

  async list(id: string): Promise<readonly MappingTestCaseSummary[]> {
    const files = await this.scan(checkId(id));
    const names = [...new Set([...files.inputs.keys(), ...files.expected])].sort();
    const out: MappingTestCaseSummary[] = [];
    for (const name of names) {
      const extension = this.inputExtension(id, name, files);
      if (extension === undefined) {
        this.logger.warn(
          { mapping: id, test: name },
          'mappings folder: expectation without an input ignored',
        );
        continue;
      }
      out.push({ name, inputExtension: extension, hasExpected: files.expected.has(name) });
    }
    return out;
  }

  async get(id: string, name: string): Promise<MappingTestCase | undefined> {
    if (!isValidMappingId(id) || !isValidTestName(name)) return undefined;
    const files = await this.scan(id);
    const extension = this.inputExtension(id, name, files);
    if (extension === undefined) return undefined;
    const folder = this.folderOf(id);
    const input = await readIfPresent(path.join(folder, `${name}.${extension}`));
    if (input === undefined) return undefined;
    const expected = files.expected.has(name)
      ? await readIfPresent(path.join(folder, name + EXPECTED_SUFFIX))
      : undefined;
    return {
      name,
      inputExtension: extension,
      input,
      ...(expected === undefined ? {} : { expected: expected.toString('utf8') }),
    };
  }

  async put(id: string, testCase: MappingTestCase): Promise<{ created: boolean }> {
    const { name, inputExtension } = checkCase(checkId(id), testCase);
    const folder = this.folderOf(id);
    await mkdir(folder, { recursive: true });
    const before = await this.scan(id);
    const created = !before.inputs.has(name);
    await writeFileAtomic(folder, `${name}.${inputExtension}`, testCase.input);
    // one input per case: an input saved under another extension replaces the old one
    for (const other of before.inputs.get(name) ?? [])
      if (other !== inputExtension) await unlinkIfPresent(path.join(folder, `${name}.${other}`));
    const expectedFile = name + EXPECTED_SUFFIX;
    if (testCase.expected !== undefined) await writeFileAtomic(folder, expectedFile, testCase.expected);
    else await unlinkIfPresent(path.join(folder, expectedFile));
    await syncDirectory(folder);
    return { created };
  }

  async delete(id: string, name: string): Promise<boolean> {
    if (!isValidTestName(name)) throw badName(name);
    const files = await this.scan(checkId(id));
    const folder = this.folderOf(id);
    const targets = [
      ...(files.inputs.get(name) ?? []).map((ext) => `${name}.${ext}`),
      ...(files.expected.has(name) ? [name + EXPECTED_SUFFIX] : []),
    ];
    for (const file of targets) await unlinkIfPresent(path.join(folder, file));
    if (targets.length > 0) await removeIfEmpty(folder);
    return targets.length > 0;
  }

  private folderOf(id: string): string {
    return path.join(this.dir, testsFolderName(id));
  }

  private inputExtension(id: string, name: string, files: TestFiles): string | undefined {
    const extensions = files.inputs.get(name);
    if (extensions === undefined) return undefined;
    if (extensions.length > 1)
      this.logger.warn(
        { mapping: id, test: name, extensions },
        'mappings folder: several inputs for one test case; the first by extension is used',
      );
    return extensions[0];
  }

  private async scan(id: string): Promise<TestFiles> {
    const inputs = new Map<string, string[]>();
    const expected = new Set<string>();
    let names: string[];
    try {
      names = await readdir(this.folderOf(id));
    } catch (error) {
      if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ENOTDIR') return { inputs, expected };
      throw error;
    }
    for (const file of names.sort()) {
      if (file.startsWith('.') || isTempFileName(file)) continue;
      if (file.endsWith(EXPECTED_SUFFIX)) {
        const name = file.slice(0, -EXPECTED_SUFFIX.length);
        if (isValidTestName(name)) expected.add(name);
        continue;
      }
      const dot = file.indexOf('.');
      const name = file.slice(0, dot);
      const ext = file.slice(dot + 1);
      if (dot > 0 && isValidTestName(name) && isValidTestInputExtension(ext)) {
        const list = inputs.get(name) ?? [];
        list.push(ext);
        inputs.set(name, list);
      } else this.logger.warn({ mapping: id, file }, 'mappings folder: test file ignored: bad name');
    }
    return { inputs, expected };
  }
}

function checkId(id: string): string {
  if (!isValidMappingId(id)) throw new StoreError('STORE_BAD_ID', `invalid mapping id "${id.slice(0, 80)}"`);
  return id;
}

function checkCase(id: string, testCase: MappingTestCase): MappingTestCase {
  if (!isValidTestName(testCase.name)) throw badName(testCase.name);
  if (!isValidTestInputExtension(testCase.inputExtension))
    throw new StoreError(
      'STORE_BAD_ID',
      `invalid input extension "${testCase.inputExtension.slice(0, 20)}" for a test of "${id}"`,
    );
  return testCase;
}

function badName(name: string): StoreError {
  return new StoreError('STORE_BAD_ID', `invalid test case name "${name.slice(0, 80)}"`);
}

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

async function unlinkIfPresent(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error;
  }
}

async function removeIfEmpty(folder: string): Promise<void> {
  try {
    await rmdir(folder);
  } catch (error) {
    // other files are still there (or it is gone already): nothing to tidy
    if (errnoCode(error) !== 'ENOTEMPTY' && errnoCode(error) !== 'EEXIST' && errnoCode(error) !== 'ENOENT')
      throw error;
  }
  await syncDirectory(path.dirname(folder));
}
