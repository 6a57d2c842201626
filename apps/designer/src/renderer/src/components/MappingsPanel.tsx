import { FilteredList } from './FilteredList.js';
import { Icon } from './Icon.js';
import type { Loadable } from '../state/loadable.js';
import { LoadableView } from './Loadable.js';
import { RefreshButton, RunAgainstInputButton } from './RowButtons.js';

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
        <RefreshButton what="mappings" onClick={onRefresh} />
        <button
          type="button"
          className="small"
          onClick={onRecache}
          title="POST /$recache: reload mappings, aliases and ConceptMaps"
        >
          Reload caches
        </button>
      </div>
      <LoadableView value={mappings}>
        {(ids) => (
          <FilteredList
            ids={ids}
            label="mappings"
            renderItem={(id) => (
              <div className={`row ${id === openId ? 'row-active' : ''}`} data-testid={`mapping-${id}`}>
                <button type="button" className="row-main" onClick={() => onOpen(id)} title={`Open ${id}`}>
                  {id}
                </button>
                <RunAgainstInputButton id={id} onRun={onRun} />
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
      </LoadableView>
    </section>
  );
}
