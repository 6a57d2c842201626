import type { DiagnosticEntry } from '@mapx/api';
import { markerLevel } from '../editor/diagnostic-range.js';
import type { FlatDiagnostic } from '../run/flat-diagnostics.js';

/** Diagnostics as buttons: activating one moves the editor cursor to its position. */
export function DiagnosticsList({
  items,
  onJump,
}: {
  items: readonly FlatDiagnostic[];
  onJump: (entry: DiagnosticEntry) => void;
}) {
  if (items.length === 0) return <p className="placeholder">No diagnostics.</p>;
  return (
    <ul className="diagnostics" aria-label="Diagnostics" data-testid="diagnostics">
      {items.map(({ entry, bucket }, index) => {
        const level = markerLevel(entry.severity, bucket);
        const where = entry.line !== undefined ? `line ${entry.line}` : '';
        return (
          <li key={index}>
            <button type="button" className={`diagnostic diagnostic-${level}`} onClick={() => onJump(entry)}>
              <span className="diagnostic-code">{entry.code}</span>
              <span className="diagnostic-message">{entry.message ?? ''}</span>
              <span className="diagnostic-where">
                {[where, entry.fhirElement].filter(Boolean).join(' · ')}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
