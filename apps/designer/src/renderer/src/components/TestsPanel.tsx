import type { TestResultBody } from '@mapx/api';
import { diffLineKind } from '../run/tests-panel-input.js';
import type { TestsPanelState } from '../state/use-tests-panel.js';
import { Icon } from './Icon.js';
import { RefreshButton } from './RowButtons.js';
import './tests-panel.css';

interface TestsPanelProps {
  /** The saved mapping of the active document; none: the panel says how to get one. */
  readonly mappingId: string | undefined;
  readonly tests: TestsPanelState;
  readonly onAddFromInput: () => void;
}

const MARKS: Record<TestResultBody['outcome'], { text: string; tone: string; label: string }> = {
  passed: { text: '✓', tone: 'ok', label: 'passed' },
  failed: { text: '✗', tone: 'failed', label: 'failed' },
  error: { text: '!', tone: 'failed', label: 'could not run' },
  'no-expectation': { text: '?', tone: 'partial', label: 'no expectation yet' },
};

function Mark({ result }: { result: TestResultBody | undefined }) {
  if (!result) return <span className="test-mark" aria-label="not run" />;
  const mark = MARKS[result.outcome];
  return (
    <span className={`test-mark badge badge-${mark.tone}`} title={mark.label} aria-label={mark.label}>
      {mark.text}
    </span>
  );
}

function Detail({ result }: { result: TestResultBody }) {
  if (result.outcome === 'failed')
    return (
      <pre className="test-diff" data-testid="test-diff" aria-label={`Diff of ${result.name}`}>
        {(result.diff ?? '').split('\n').map((line, i) => (
          <span key={i} className={`test-diff-line test-diff-${diffLineKind(line)}`}>
            {line}
            {'\n'}
          </span>
        ))}
      </pre>
    );
  if (result.outcome === 'error')
    return (
      <p className="hint error-text" data-testid="test-error">
        Could not run: {result.message}
      </p>
    );
  if (result.outcome === 'no-expectation')
    return (
      <pre className="test-diff" data-testid="test-actual">
        {JSON.stringify(result.actual, null, 2)}
      </pre>
    );
  return <p className="hint">The output matches the expectation.</p>;
}

/** Test cases beside the active saved mapping: run all or one, see the diff, accept the actual output. */
export function TestsPanel({ mappingId, tests, onAddFromInput }: TestsPanelProps) {
  const { cases, results, selected, running } = tests;
  const chosen = selected === undefined ? undefined : results[selected];
  const ran = Object.values(results);
  return (
    <section className="side-section" aria-labelledby="tests-title" data-testid="tests-panel">
      <div className="side-header">
        <h2 id="tests-title">Tests{mappingId ? ` — ${mappingId}` : ''}</h2>
        {mappingId && (
          <>
            <RefreshButton what="tests" onClick={() => void tests.refresh()} />
            <button
              type="button"
              className="small"
              onClick={onAddFromInput}
              title="Save the current input as a test case"
            >
              Add input
            </button>
            <button
              type="button"
              className="small"
              data-testid="tests-run-all"
              disabled={running}
              onClick={() => void tests.runAll()}
            >
              Run all
            </button>
          </>
        )}
      </div>
      {!mappingId && <p className="hint">Open or save a mapping to see its tests.</p>}
      {mappingId && cases.state === 'failed' && (
        <p className="hint error-text" role="alert">
          {cases.message}
        </p>
      )}
      {mappingId && cases.state === 'ready' && cases.value.length === 0 && (
        <p className="hint">No test cases yet: “Add input” saves the current input as one.</p>
      )}
      {mappingId && ran.length > 0 && (
        <p className="hint" data-testid="tests-summary">
          {ran.filter((r) => r.outcome === 'passed').length} of {ran.length} passed
        </p>
      )}
      {mappingId && cases.state === 'ready' && (
        <ul className="test-list" aria-label="Test cases">
          {cases.value.map(({ name, inputExtension }) => {
            const result = results[name];
            const acceptable = result?.outcome === 'failed' || result?.outcome === 'no-expectation';
            return (
              <li
                key={name}
                className={`row ${name === selected ? 'row-active' : ''}`}
                data-testid={`test-${name}`}
              >
                <Mark result={result} />
                <button
                  type="button"
                  className="row-main"
                  onClick={() => void tests.loadInput(name)}
                  title={`Show ${name} and load its input (${inputExtension})`}
                >
                  {name}
                </button>
                {acceptable && (
                  <button
                    type="button"
                    className="small"
                    data-testid={`test-accept-${name}`}
                    title="Store the actual output as the expectation"
                    onClick={() => void tests.accept(name)}
                  >
                    Accept
                  </button>
                )}
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Run test ${name}`}
                  title="Run this test"
                  disabled={running}
                  onClick={() => void tests.runOne(name)}
                >
                  <Icon name="run" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {chosen && <Detail result={chosen} />}
    </section>
  );
}
