import '../explain/explain.css';
import type { ExplainState } from '../explain/use-explain.js';

const preview = (v: unknown) => {
  const text = JSON.stringify(v);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/**
 * The explain view of the last run: every output element with the rule and input behind it, the rules that
 * produced nothing, and every rule with what it produced. Pointing at a row highlights it in the editors.
 */
export function ExplainPanel({ state }: { state: ExplainState }) {
  const { explain, leaves, selection, select, selectedElements } = state;
  if (!explain)
    return <p className="placeholder">Run the mapping to see where each value of the result came from.</p>;
  const selectedPaths = new Set(selectedElements.map((e) => e.path));
  const unread = explain.inputLines?.unread.length ?? 0;
  return (
    <div className="explain-panel" data-testid="explain-panel">
      <p className="explain-summary" data-testid="explain-summary">
        {explain.elements.length} output elements · {explain.rules.length} rules ran · {explain.empty.length}{' '}
        produced nothing
        {explain.inputLines ? ` · ${unread} input line(s) never read` : ''}
        {explain.truncated ? ' · lists cut at their bounds' : ''}
      </p>
      {explain.empty.length > 0 && (
        <section aria-label="Rules that produced nothing">
          <h3>Produced nothing</h3>
          <ul className="explain-list">
            {explain.empty.map((r) => (
              <li
                key={`${r.line}:${r.column}`}
                className={`explain-empty ${selection?.kind === 'rule' && selection.line === r.line ? 'selected' : ''}`}
                data-testid="explain-empty-rule"
                onClick={() => select({ kind: 'rule', line: r.line })}
              >
                <span className="explain-at">line {r.line}</span> <code>{r.text}</code>
                {r.missed.length > 0 && (
                  <span className="explain-missed"> — nothing at {r.missed.join(', ')}</span>
                )}
                {r.evaluations === 0 && <span className="explain-missed"> — never ran</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Output elements">
        <h3>Output elements</h3>
        <table className="explain-table">
          <thead>
            <tr>
              <th>Element</th>
              <th>Value</th>
              <th>Rule</th>
              <th>Input</th>
            </tr>
          </thead>
          <tbody>
            {explain.elements.map((e) => (
              <tr
                key={e.path}
                data-testid="explain-element"
                data-path={e.path}
                className={selectedPaths.has(e.path) ? 'selected' : ''}
                onMouseEnter={() => select({ kind: 'element', path: e.path })}
                onClick={() => select({ kind: 'element', path: e.path })}
              >
                <td>
                  <code>{e.path}</code>
                </td>
                <td>
                  <code>{preview(leaves.get(e.path)?.value)}</code>
                </td>
                <td title={e.rule.text}>
                  {e.rule.expression ? 'expression' : `line ${e.rule.line}:${e.rule.column}`}
                </td>
                <td>
                  {e.inputs.map((p) => (
                    <code key={p} className="explain-input">
                      {p}
                    </code>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-label="Rules">
        <h3>Rules</h3>
        <ul className="explain-list">
          {explain.rules.map((r) => (
            <li
              key={`${r.line}:${r.column}`}
              data-testid="explain-rule"
              className={selection?.kind === 'rule' && selection.line === r.line ? 'selected' : ''}
              onClick={() => select({ kind: 'rule', line: r.line })}
            >
              <span className="explain-at">line {r.line}</span> <code>{r.text}</code>{' '}
              <span className="explain-count">
                {r.produced ?? 0}/{r.evaluations} produced
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
