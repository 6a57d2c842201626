import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import { flattenDiagnostics, type FlatDiagnostic } from '../run/flat-diagnostics.js';
import { prepareInput } from '../run/prepare-input.js';
import type { InputState } from './use-runner.js';

const DEBOUNCE_MS = 600;

export type LiveStatus = 'off' | 'idle' | 'checking' | 'clean' | 'problems' | 'unavailable';

/**
 * Checks the expression while the author types: after a pause, `POST /?verbose=true` with the current input.
 * Verbose mode reports compile errors and evaluation diagnostics alike, so one request gives every marker.
 */
export function useLiveCheck(
  api: ApiClient,
  options: { enabled: boolean; docId: string; text: string; input: InputState },
  onDiagnostics: (docId: string, list: FlatDiagnostic[]) => void,
): LiveStatus {
  const { enabled, docId, text, input } = options;
  const [status, setStatus] = useState<LiveStatus>(enabled ? 'idle' : 'off');
  useEffect(() => {
    if (!enabled) return setStatus('off');
    if (text.trim() === '') return onDiagnostics(docId, []);
    let cancelled = false;
    const timer = setTimeout(async () => {
      setStatus('checking');
      const prepared = prepareInput(input.text, input.contentType);
      const outcome = await api.evaluate(text, prepared.ok ? prepared.value : undefined, input.contentType);
      if (cancelled) return;
      if (outcome.kind === 'unreachable') return setStatus('unavailable');
      const list = flattenDiagnostics(outcome.report);
      onDiagnostics(docId, list);
      setStatus(list.some((d) => d.bucket !== 'debug') ? 'problems' : 'clean');
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [api, enabled, docId, text, input, onDiagnostics]);
  return status;
}
