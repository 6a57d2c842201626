import type { MappingTestReport, TestCaseResult } from '../../mapping-tests/test-result.js';

export interface Printer {
  write(text: string): void;
  readonly colour: boolean;
}

const paint = (on: boolean, code: number, text: string) => (on ? `\u001b[${code}m${text}\u001b[39m` : text);

/** One line per case, the diff or the reason under each case that did not pass. */
export function printReport(out: Printer, report: MappingTestReport): void {
  out.write(`${report.mappingId}\n`);
  for (const result of report.results) {
    out.write(`  ${mark(out.colour, result)} ${result.name}${timing(result)}\n`);
    const detail = detailOf(out.colour, result);
    if (detail) out.write(`${indent(detail, '      ')}\n`);
  }
  if (report.results.length === 0) out.write('  (no test cases)\n');
}

export function printTotals(out: Printer, reports: readonly MappingTestReport[]): void {
  const passed = reports.reduce((n, r) => n + r.passed, 0);
  const failed = reports.reduce((n, r) => n + r.failed, 0);
  const text = `${passed} passed, ${failed} failed (${reports.length} mapping${reports.length === 1 ? '' : 's'})`;
  out.write(`\n${paint(out.colour, failed > 0 ? 31 : 32, text)}\n`);
}

function mark(colour: boolean, result: TestCaseResult): string {
  if (result.outcome === 'passed') return paint(colour, 32, '✓');
  if (result.outcome === 'no-expectation') return paint(colour, 33, '?');
  return paint(colour, 31, '✗');
}

function timing(result: TestCaseResult): string {
  return result.durationMs === undefined ? '' : ` (${result.durationMs} ms)`;
}

function detailOf(colour: boolean, result: TestCaseResult): string | undefined {
  if (result.updated) return 'expectation updated from the actual output';
  if (result.outcome === 'failed') return colourDiff(colour, result.diff ?? '');
  if (result.outcome === 'error') return `could not run: ${result.message ?? 'unknown error'}`;
  if (result.outcome === 'no-expectation')
    return `no ${result.name}.expected.json yet (mapx test --update stores the actual output)`;
  return undefined;
}

function colourDiff(colour: boolean, diff: string): string {
  if (!colour) return diff;
  return diff
    .split('\n')
    .map((line) =>
      line.startsWith('-') ? paint(true, 31, line) : line.startsWith('+') ? paint(true, 32, line) : line,
    )
    .join('\n');
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
}
