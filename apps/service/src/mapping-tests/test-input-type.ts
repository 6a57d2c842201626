import { guessContentType } from '../normalize/guess-content-type.js';

/** The media type of a test input, from its extension (and, for unknown ones, whether it looks like HL7 v2). */
export function testInputType(extension: string, input: Uint8Array): string {
  const head = Buffer.from(input.subarray(0, 64)).toString('latin1');
  return guessContentType(`input.${extension}`, head);
}
