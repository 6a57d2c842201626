import type { InputContentType } from '@mapx/api';
import { useCallback, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { RunOutcome } from '../api/run-outcome.js';
import type { RunRecord } from '../components/OutputPane.js';
import { flattenDiagnostics, type FlatDiagnostic } from '../run/flat-diagnostics.js';
import { prepareInput } from '../run/prepare-input.js';
import type { Feedback } from './use-feedback.js';

export interface InputState {
  readonly text: string;
  readonly contentType: InputContentType;
}

/** Runs (ad hoc or saved), the last two results for the diff, and the diagnostics shown as markers. */
export function useRunner(api: ApiClient, input: InputState, feedback: Feedback) {
  const [history, setHistory] = useState<{ current?: RunRecord; previous?: RunRecord }>({});
  const [running, setRunning] = useState(false);
  const [diagnostics, setDiagnostics] = useState<Record<string, FlatDiagnostic[]>>({});

  const setDocDiagnostics = useCallback(
    (docId: string, list: FlatDiagnostic[]) => setDiagnostics((all) => ({ ...all, [docId]: list })),
    [],
  );

  const record = useCallback(
    (outcome: RunOutcome, label: string, docId: string | undefined) => {
      if (outcome.kind === 'unreachable') {
        feedback.notify('error', `${outcome.message}. The run did not happen.`);
        return;
      }
      setHistory((h) => ({ previous: h.current, current: { outcome, label } }) as typeof h);
      if (docId !== undefined) setDocDiagnostics(docId, flattenDiagnostics(outcome.report));
    },
    [feedback, setDocDiagnostics],
  );

  const runAdHoc = useCallback(
    async (docId: string, text: string) => {
      if (text.trim() === '') return feedback.notify('info', 'The editor is empty: nothing to run.');
      const prepared = prepareInput(input.text, input.contentType);
      if (!prepared.ok) return feedback.notify('error', prepared.message);
      setRunning(true);
      // manual runs are explained (the live check is not): the Explain tab and the editor highlights
      const outcome = await api.evaluate(text, prepared.value, input.contentType, true);
      setRunning(false);
      record(outcome, 'ad-hoc', docId);
    },
    [api, input, feedback, record],
  );

  const runSaved = useCallback(
    async (mappingId: string, docId: string | undefined) => {
      setRunning(true);
      const outcome = await api.runMapping(mappingId, input.text, input.contentType, true);
      setRunning(false);
      record(outcome, `mapping ${mappingId}`, docId);
    },
    [api, input, record],
  );

  return { history, running, diagnostics, setDocDiagnostics, runAdHoc, runSaved };
}
