/**
 * Test cases kept beside a saved mapping (docs/stores.md): an input and the output the mapping must produce.
 * Names are file-name safe on every platform: a letter or digit, then letters, digits, `_` and `-`, at most 64.
 */
export const TEST_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The input's file extension (lower case, no dot): how the host tells its media type (`hl7`, `csv`, `json` …). */
export const TEST_INPUT_EXTENSION_PATTERN = /^[a-z0-9]{1,16}$/;

const WINDOWS_RESERVED = /^(?:CON|PRN|AUX|NUL|COM[0-9]|LPT[0-9])$/i;

export function isValidTestName(name: string): boolean {
  return TEST_NAME_PATTERN.test(name) && !WINDOWS_RESERVED.test(name);
}

export function isValidTestInputExtension(extension: string): boolean {
  return TEST_INPUT_EXTENSION_PATTERN.test(extension);
}

/** What a store lists of one test case, without reading its input. */
export interface MappingTestCaseSummary {
  readonly name: string;
  readonly inputExtension: string;
  /** False while no expectation is stored (a new case whose output was never accepted). */
  readonly hasExpected: boolean;
}

export interface MappingTestCase {
  readonly name: string;
  readonly inputExtension: string;
  /** The input as stored (bytes: the host decodes them by the media type's character set). */
  readonly input: Uint8Array;
  /** The expected output as JSON text; undefined while none is stored. */
  readonly expected?: string;
}
