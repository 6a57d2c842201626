import { useState, type ReactNode } from 'react';

const LIMIT = 300;

/** A filterable list of ids; long lists show the first matches and say how many more there are. */
export function FilteredList({
  ids,
  label,
  renderItem,
}: {
  ids: readonly string[];
  label: string;
  renderItem: (id: string) => ReactNode;
}) {
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const matches = needle === '' ? ids : ids.filter((id) => id.toLowerCase().includes(needle));
  return (
    <div className="filtered-list">
      <input
        type="search"
        className="filter"
        placeholder={`Filter ${label}…`}
        aria-label={`Filter ${label}`}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <ul aria-label={label} className="id-list">
        {matches.slice(0, LIMIT).map((id) => (
          <li key={id}>{renderItem(id)}</li>
        ))}
      </ul>
      {matches.length > LIMIT && <p className="hint">{matches.length - LIMIT} more — refine the filter.</p>}
      {matches.length === 0 && <p className="hint">Nothing here{needle ? ' matches' : ' yet'}.</p>}
    </div>
  );
}
