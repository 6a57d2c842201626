import { TEMPLATE_TYPES, type TemplateType } from '@mapx/api';
import { FilteredList } from './FilteredList.js';
import { Icon } from './Icon.js';
import type { Loadable } from '../state/loadable.js';
import { LoadableView } from './Loadable.js';

interface TemplatesPanelProps {
  readonly type: TemplateType;
  readonly templates: Loadable<readonly string[]>;
  readonly onType: (type: TemplateType) => void;
  readonly onOpen: (id: string) => void;
  readonly onInsert: (id: string) => void;
}

/** Generated FLASH templates by kind; open one in a new tab or insert it at the cursor. */
export function TemplatesPanel({ type, templates, onType, onOpen, onInsert }: TemplatesPanelProps) {
  return (
    <section className="side-section" aria-labelledby="templates-title">
      <div className="side-header">
        <h2 id="templates-title">Templates</h2>
        <select
          aria-label="Template type"
          data-testid="template-type"
          value={type}
          onChange={(event) => onType(event.target.value as TemplateType)}
        >
          {TEMPLATE_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <LoadableView value={templates}>
        {(ids) => (
          <FilteredList
            ids={ids}
            label="templates"
            renderItem={(id) => (
              <div className="row" data-testid={`template-${id}`}>
                <button
                  type="button"
                  className="row-main"
                  onClick={() => onOpen(id)}
                  title={`Open the ${id} template in a new tab`}
                >
                  {id}
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Insert the ${id} template at the cursor`}
                  title="Insert at cursor"
                  onClick={() => onInsert(id)}
                >
                  <Icon name="insert" />
                </button>
              </div>
            )}
          />
        )}
      </LoadableView>
    </section>
  );
}
