import type { StandardMappingList } from '@mapx/api';
import { FilteredList } from './FilteredList.js';
import type { Loadable } from '../state/loadable.js';
import { LoadableView } from './Loadable.js';
import { RunAgainstInputButton } from './RowButtons.js';

interface StandardMappingsPanelProps {
  readonly standard: Loadable<StandardMappingList>;
  readonly openId?: string;
  readonly onOpen: (id: string) => void;
  readonly onRun: (id: string) => void;
}

/** The built-in HL7 v2 → FHIR mappings: open read-only, run against the input; an overridden one says so. */
export function StandardMappingsPanel({ standard, openId, onOpen, onRun }: StandardMappingsPanelProps) {
  if (standard.state === 'ready' && standard.value.length === 0) return null;
  const overridden = new Set(
    standard.state === 'ready' ? standard.value.filter((m) => m.overridden).map((m) => m.id) : [],
  );
  return (
    <section className="side-section" aria-labelledby="standard-mappings-title">
      <div className="side-header">
        <h2
          id="standard-mappings-title"
          title="Built in and read-only; a saved mapping with the same id wins"
        >
          Standard mappings
        </h2>
      </div>
      <LoadableView value={standard}>
        {(list) => (
          <FilteredList
            ids={list.map((m) => m.id)}
            label="standard mappings"
            renderItem={(id) => (
              <div
                className={`row ${id === openId ? 'row-active' : ''}`}
                data-testid={`standard-mapping-${id}`}
              >
                <button
                  type="button"
                  className="row-main"
                  onClick={() => onOpen(id)}
                  title={`Open the standard mapping ${id} (read-only)`}
                >
                  {id}
                  {overridden.has(id) && (
                    <span className="hint" title="A saved mapping with this id is used instead">
                      {' '}
                      (overridden)
                    </span>
                  )}
                </button>
                <RunAgainstInputButton id={id} onRun={onRun} />
              </div>
            )}
          />
        )}
      </LoadableView>
    </section>
  );
}
