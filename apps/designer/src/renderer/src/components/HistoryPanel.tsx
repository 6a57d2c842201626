import { versionLabel, type MappingHistoryState } from '../state/use-mapping-history.js';
import { LoadableView } from './Loadable.js';
import { RefreshButton } from './RowButtons.js';

interface HistoryPanelProps {
  /** The saved mapping of the active document; none: the panel says how to get one. */
  readonly mappingId: string | undefined;
  readonly history: MappingHistoryState;
}

/** The versions of the active saved mapping, newest first: compare one with the current text, or restore it. */
export function HistoryPanel({ mappingId, history }: HistoryPanelProps) {
  const { versions } = history;
  const list = versions.state === 'ready' ? versions.value : [];
  const current = list.find((v) => v.current) ?? list[0];
  return (
    <section className="side-section" aria-labelledby="history-title" data-testid="history-panel">
      <div className="side-header">
        <h2 id="history-title">History{mappingId ? ` — ${mappingId}` : ''}</h2>
        {mappingId && <RefreshButton what="versions" onClick={() => void history.refresh()} />}
      </div>
      {!mappingId && <p className="hint">Open or save a mapping to see its versions.</p>}
      {mappingId && (
        <LoadableView value={versions} quietWhileLoading>
          {() =>
            list.length === 0 ? (
              <p className="hint">No saved versions yet.</p>
            ) : (
              <ul className="test-list" aria-label="Versions">
                {list.map((version) => {
                  const label = versionLabel(list, version.versionId);
                  return (
                    <li key={version.versionId} className="row" data-testid={`version-${version.versionId}`}>
                      <span className="row-main" title={`${label} (version ${version.versionId})`}>
                        {label}
                      </span>
                      {current && !version.current && (
                        <>
                          <button
                            type="button"
                            className="small"
                            title="Compare this version with the current one"
                            onClick={() => void history.compare(version.versionId, current.versionId)}
                          >
                            Diff
                          </button>
                          <button
                            type="button"
                            className="small"
                            title="Save this version as the current text"
                            onClick={() => void history.restore(version.versionId)}
                          >
                            Restore
                          </button>
                        </>
                      )}
                    </li>
                  );
                })}
              </ul>
            )
          }
        </LoadableView>
      )}
    </section>
  );
}
