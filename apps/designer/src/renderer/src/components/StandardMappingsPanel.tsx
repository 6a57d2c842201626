import type { StandardMappingList } from '@mapx/api';
import { FilteredList } from './FilteredList.js';
import { Icon } from './Icon.js';
import type { Loadable } from './MappingsPanel.js';

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
      {standard.state === 'loading' && <p className="hint">Loading…</p>}
      {standard.state === 'failed' && (
        <p className="hint error-text" role="alert">
          {standard.message}
        </p>
      )}
      {standard.state === 'ready' && (
        <FilteredList
          ids={standard.value.map((m) => m.id)}
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
              <button
                type="button"
                className="icon-button"
                aria-label={`Run ${id} against the input`}
                title="Run against the input"
                onClick={() => onRun(id)}
              >
                <Icon name="run" />
              </button>
            </div>
          )}
        />
      )}
    </section>
  );
}
