import type { Hl7Delimiters } from '@mapx/hl7v2';
import type { WarningSink } from './warnings.js';

/**
 * What converting one message needs beside the text: its delimiters, where warnings go, and the place being
 * converted (kept as plain fields, updated per field, so a warning can name it without building strings
 * on the hot path).
 */
export interface ConvertContext {
  readonly d: Hl7Delimiters;
  readonly warnings: WarningSink;
  segmentId: string;
  fieldNumber: number;
  line: number;
}
