import {
  testCaseSchema,
  testCaseSummaryListSchema,
  testCaseSummarySchema,
  testReportSchema,
  testResultSchema,
  type TestCaseBody,
  type TestCaseSummary,
  type TestCaseWrite,
  type TestReportBody,
  type TestResultBody,
} from '@mapx/api';

type Result<T> =
  | { readonly ok: true; readonly status: number; readonly data: T }
  | { readonly ok: false; readonly status: number; readonly message: string; readonly code?: string };

interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

type Call = <T>(path: string, init: RequestInit, parse: Parser<T>, timeoutMs?: number) => Promise<Result<T>>;

/** The `/MappingTests` routes (the Tests panel), through the client's authenticated `call`. */
export function testsApi(call: Call, runTimeoutMs: number) {
  const tests = (id: string) => `MappingTests/${encodeURIComponent(id)}`;
  const testCase = (id: string, name: string) => `${tests(id)}/${encodeURIComponent(name)}`;
  return {
    listTests: (id: string): Promise<Result<TestCaseSummary[]>> =>
      call(tests(id), { method: 'GET' }, testCaseSummaryListSchema),
    getTest: (id: string, name: string): Promise<Result<TestCaseBody>> =>
      call(testCase(id, name), { method: 'GET' }, testCaseSchema),
    putTest: (id: string, name: string, body: TestCaseWrite): Promise<Result<TestCaseSummary>> =>
      call(
        testCase(id, name),
        { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        testCaseSummarySchema,
      ),
    runTests: (id: string): Promise<Result<TestReportBody>> =>
      call(`${tests(id)}/$run`, { method: 'POST' }, testReportSchema, runTimeoutMs),
    runTest: (id: string, name: string): Promise<Result<TestResultBody>> =>
      call(`${testCase(id, name)}/$run`, { method: 'POST' }, testResultSchema, runTimeoutMs),
  };
}
