import { FilteredList } from './FilteredList.js';
import { Icon } from './Icon.js';

export type Loadable<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly value: T }
  | { readonly state: 'failed'; readonly message: string };

interface MappingsPanelProps {
  readonly mappings: Loadable<readonly string[]>;
  readonly openId?: string;
  readonly onOpen: (id: string) => void;
  readonly onRun: (id: string) => void;
  readonly onDelete: (id: string) => void;
  readonly onRefresh: () => void;
  readonly onRecache: () => void;
}

/** Saved mappings of the service: open, run against the input, delete; refresh and reload caches. */
export function MappingsPanel({
  mappings,
  openId,
  onOpen,
  onRun,
  onDelete,
  onRefresh,
  onRecache,
}: MappingsPanelProps) {
  return (
    <section className="side-section" aria-labelledby="mappings-title">
      <div className="side-header">
        <h2 id="mappings-title">Saved mappings</h2>
        <button
          type="button"
          className="icon-button"
          onClick={onRefresh}
          aria-label="Refresh the list of mappings"
          title="Refresh"
        >
          <Icon name="refresh" />
        </button>
        <button
          type="button"
          className="small"
          onClick={onRecache}
          title="POST /$recache: reload mappings, aliases and ConceptMaps"
        >
          Reload caches
        </button>
      </div>
      {mappings.state === 'loading' && <p className="hint">Loading…</p>}
      {mappings.state === 'failed' && (
        <p className="hint error-text" role="alert">
          {mappings.message}
        </p>
      )}
      {mappings.state === 'ready' && (
        <FilteredList
          ids={mappings.value}
          label="mappings"
          renderItem={(id) => (
            <div className={`row ${id === openId ? 'row-active' : ''}`} data-testid={`mapping-${id}`}>
              <button type="button" className="row-main" onClick={() => onOpen(id)} title={`Open ${id}`}>
                {id}
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label={`Run ${id} against the input`}
                title="Run against the input"
                onClick={() => onRun(id)}
              >
                <Icon name="run" />
              </button>
              <button
                type="button"
                className="icon-button danger-text"
                aria-label={`Delete ${id}`}
                title="Delete"
                onClick={() => onDelete(id)}
              >
                <Icon name="trash" />
              </button>
            </div>
          )}
        />
      )}
    </section>
  );
}
