import { useCallback, useEffect, useState } from 'react';
import type { MappingVersionSummaryBody } from '@mapx/api';
import type { ApiClient } from '../api/api-client.js';
import type { CompileReport } from '../api/compile-headers.js';
import type { Loadable } from './loadable.js';
import type { Feedback } from './use-feedback.js';

/** Two versions side by side in the diff view, with their texts. */
export interface Comparison {
  readonly left: string;
  readonly right: string;
  readonly leftText: string;
  readonly rightText: string;
}

/** `v3 · 27 Nov 2026, 09:12 · current`: numbered from the oldest kept version. */
export function versionLabel(versions: readonly MappingVersionSummaryBody[], versionId: string): string {
  const index = versions.findIndex((v) => v.versionId === versionId);
  if (index < 0) return versionId;
  const version = versions[index]!;
  const when = version.savedAt ? ` · ${new Date(version.savedAt).toLocaleString()}` : '';
  return `v${versions.length - index}${when}${version.current ? ' · current' : ''}`;
}

/**
 * The History panel's flows for the saved mapping of the active document: list its versions, compare any two in
 * Monaco's diff editor, restore one (a save of its text, which becomes the newest version).
 */
export function useMappingHistory(
  api: ApiClient,
  mappingId: string | undefined,
  online: boolean,
  feedback: Feedback,
  onRestored: (mappingId: string, text: string, report: CompileReport) => void,
) {
  const [versions, setVersions] = useState<Loadable<readonly MappingVersionSummaryBody[]>>({
    state: 'loading',
  });
  const [comparison, setComparison] = useState<Comparison | undefined>(undefined);

  const refresh = useCallback(async () => {
    if (!mappingId) return;
    const list = await api.mappingHistory(mappingId);
    if (list.ok) setVersions({ state: 'ready', value: list.data.versions });
    // not saved yet (or deleted with no kept versions): nothing to show
    else if (list.status === 404) setVersions({ state: 'ready', value: [] });
    else setVersions({ state: 'failed', message: list.message });
  }, [api, mappingId]);

  useEffect(() => {
    setComparison(undefined);
    setVersions({ state: 'loading' });
    if (online && mappingId) void refresh();
  }, [online, mappingId, refresh]);

  const text = useCallback(
    async (versionId: string) => {
      if (!mappingId) return undefined;
      const read = await api.mappingVersion(mappingId, versionId);
      if (read.ok) return read.data;
      feedback.notify('error', `Cannot read version ${versionId} of ${mappingId}. ${read.message}`);
      return undefined;
    },
    [api, mappingId, feedback],
  );

  const compare = useCallback(
    async (left: string, right: string) => {
      const [leftText, rightText] = await Promise.all([text(left), text(right)]);
      if (leftText === undefined || rightText === undefined) return;
      setComparison({ left, right, leftText, rightText });
    },
    [text],
  );

  const restore = useCallback(
    async (versionId: string) => {
      if (!mappingId || versions.state !== 'ready') return;
      const label = versionLabel(versions.value, versionId);
      const ok = await feedback.confirm({
        title: 'Restore version',
        message: `Save ${label} as the current text of "${mappingId}"? The text it replaces stays in the history.`,
        confirmLabel: 'Restore',
      });
      if (!ok) return;
      const restored = await text(versionId);
      if (restored === undefined) return;
      const saved = await api.putMapping(mappingId, restored);
      if (!saved.ok) return feedback.notify('error', `Restoring ${mappingId} failed. ${saved.message}`);
      feedback.notify('success', `Restored ${mappingId} to ${label.split(' · ')[0]}`);
      setComparison(undefined);
      onRestored(mappingId, restored, saved.data);
      void refresh();
    },
    [api, mappingId, versions, feedback, text, onRestored, refresh],
  );

  return { versions, comparison, refresh, compare, restore, closeComparison: () => setComparison(undefined) };
}

export type MappingHistoryState = ReturnType<typeof useMappingHistory>;
