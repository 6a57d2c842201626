import { useCallback, useEffect, useState } from 'react';
import type { TestCaseSummary, TestResultBody } from '@mapx/api';
import type { ApiClient } from '../api/api-client.js';
import type { Loadable } from './loadable.js';
import { testInputExtension, testInputState } from '../run/tests-panel-input.js';
import type { Feedback } from './use-feedback.js';
import type { InputState } from './use-runner.js';

/** Test names the service accepts (plugin-api's TEST_NAME_PATTERN). */
const NAME_PATTERN = '[A-Za-z0-9][A-Za-z0-9_\\-]{0,63}';

/**
 * The Tests panel's flows for the saved mapping of the active document: list its cases, run all or one, accept an
 * actual output as the expectation, add the current input as a case, load a case's input into the input pane.
 */
export function useTestsPanel(
  api: ApiClient,
  mappingId: string | undefined,
  online: boolean,
  feedback: Feedback,
  setInput: (input: InputState) => void,
) {
  const [cases, setCases] = useState<Loadable<readonly TestCaseSummary[]>>({ state: 'loading' });
  const [results, setResults] = useState<Readonly<Record<string, TestResultBody>>>({});
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [running, setRunning] = useState(false);

  const refresh = useCallback(async () => {
    if (!mappingId) return;
    const list = await api.listTests(mappingId);
    setCases(list.ok ? { state: 'ready', value: list.data } : { state: 'failed', message: list.message });
  }, [api, mappingId]);

  useEffect(() => {
    setResults({});
    setSelected(undefined);
    setCases({ state: 'loading' });
    if (online && mappingId) void refresh();
  }, [online, mappingId, refresh]);

  const record = useCallback((result: TestResultBody) => {
    setResults((all) => ({ ...all, [result.name]: result }));
    setSelected(result.name);
  }, []);

  const runAll = useCallback(async () => {
    if (!mappingId) return;
    setRunning(true);
    const report = await api.runTests(mappingId);
    setRunning(false);
    if (!report.ok)
      return feedback.notify('error', `Running the tests of ${mappingId} failed. ${report.message}`);
    setResults(Object.fromEntries(report.data.results.map((r) => [r.name, r])));
    const firstBad = report.data.results.find((r) => r.outcome !== 'passed');
    setSelected(firstBad?.name ?? report.data.results[0]?.name);
  }, [api, mappingId, feedback]);

  const runOne = useCallback(
    async (name: string) => {
      if (!mappingId) return;
      setRunning(true);
      const result = await api.runTest(mappingId, name);
      setRunning(false);
      if (!result.ok) return feedback.notify('error', `Running ${name} failed. ${result.message}`);
      record(result.data);
    },
    [api, mappingId, feedback, record],
  );

  const accept = useCallback(
    async (name: string) => {
      const actual = results[name]?.actual;
      if (!mappingId || actual === undefined) return;
      const stored = await api.getTest(mappingId, name);
      if (!stored.ok) return feedback.notify('error', `Cannot read ${name}. ${stored.message}`);
      const { inputExtension, input } = stored.data;
      const saved = await api.putTest(mappingId, name, { inputExtension, input, expected: actual });
      if (!saved.ok) return feedback.notify('error', `Accepting ${name} failed. ${saved.message}`);
      feedback.notify('success', `The actual output is now the expectation of ${name}`);
      await refresh();
      await runOne(name);
    },
    [api, mappingId, results, feedback, refresh, runOne],
  );

  const addFromInput = useCallback(
    async (input: InputState) => {
      if (!mappingId) return;
      const name = await feedback.prompt({
        title: 'Add a test case',
        message: `The current input becomes a test case of ${mappingId}. Name: letters, digits, "_" and "-".`,
        confirmLabel: 'Add',
        initial: '',
        pattern: NAME_PATTERN,
      });
      if (name === undefined) return;
      const body = { inputExtension: testInputExtension(input.contentType), input: input.text };
      const saved = await api.putTest(mappingId, name, body);
      if (!saved.ok) return feedback.notify('error', `Adding ${name} failed. ${saved.message}`);
      await refresh();
      await runOne(name);
    },
    [api, mappingId, feedback, refresh, runOne],
  );

  const loadInput = useCallback(
    async (name: string) => {
      if (!mappingId) return;
      setSelected(name);
      const stored = await api.getTest(mappingId, name);
      if (!stored.ok) return feedback.notify('error', `Cannot read ${name}. ${stored.message}`);
      setInput(testInputState(stored.data));
    },
    [api, mappingId, feedback, setInput],
  );

  return { cases, results, selected, running, refresh, runAll, runOne, accept, addFromInput, loadInput };
}

export type TestsPanelState = ReturnType<typeof useTestsPanel>;
