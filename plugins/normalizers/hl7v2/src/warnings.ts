import type { NormalizeWarning } from '@mapx/plugin-api';
import { hl7Warning, type Hl7WarningCode } from './issues.js';

/** Warnings kept per input: a hostile message of a million bad dates must not build a million diagnostics. */
export const MAX_WARNINGS = 50;

/** Collects the warnings of one input, bounded by MAX_WARNINGS (then one HL7_TOO_MANY_WARNINGS). */
export class WarningSink {
  readonly list: NormalizeWarning[] = [];
  private dropped = 0;

  add(code: Hl7WarningCode, detail: string, line?: number): void {
    if (this.list.length < MAX_WARNINGS) this.list.push(hl7Warning(code, detail, line));
    else this.dropped++;
  }

  finish(): NormalizeWarning[] | undefined {
    if (this.dropped > 0) this.list.push(hl7Warning('HL7_TOO_MANY_WARNINGS', `${this.dropped} more`));
    return this.list.length === 0 ? undefined : this.list;
  }
}
