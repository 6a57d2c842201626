import { useEffect, useState, type ReactNode } from 'react';
import type { ConnectionState } from '../state/use-connection.js';

function Countdown({ until }: { until: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, []);
  return <>{Math.max(0, Math.ceil((until - now) / 1000))} s</>;
}

function warmUpText(state: Extract<ConnectionState, { phase: 'online' }>): string {
  const { info } = state;
  if (info.warming_up_error) return `warm-up failed: ${info.warming_up_error}`;
  if (info.warming_up) return 'warming up…';
  return 'ready';
}

/** Connection, version, packages and warm-up, unobtrusively at the bottom. */
export function StatusBar({
  connection,
  onRetry,
  right,
}: {
  connection: ConnectionState;
  onRetry: () => void;
  right?: ReactNode;
}) {
  let content;
  if (connection.phase === 'connecting') {
    content = <span className="status-item">Connecting to the mapx service…</span>;
  } else if (connection.phase === 'sign-in-required') {
    content = (
      <span className="status-item" data-testid="connection-sign-in">
        <span className="dot dot-warming" aria-hidden="true" /> {connection.message}
      </span>
    );
  } else if (connection.phase === 'offline') {
    content = (
      <span className="status-item status-offline" data-testid="connection-offline">
        <span className="dot dot-offline" aria-hidden="true" /> {connection.message} — retrying in{' '}
        <Countdown until={connection.retryAt} />
        <button type="button" className="link-button" onClick={onRetry}>
          Retry now
        </button>
      </span>
    );
  } else {
    const packages = (connection.info.context_packages ?? []).map((p) => `${p.id}@${p.version}`).join(', ');
    const warm = warmUpText(connection);
    const tone = warm === 'ready' ? 'online' : warm.startsWith('warm-up failed') ? 'offline' : 'warming';
    content = (
      <>
        <span className="status-item" data-testid="connection-online">
          <span className={`dot dot-${tone}`} aria-hidden="true" /> {connection.info.mapx_version}
        </span>
        <span className="status-item" title="FHIR packages in context">
          {packages || 'no FHIR packages'}
        </span>
        <span className="status-item">{warm}</span>
        {connection.health && <span className="status-item">health: {connection.health.status}</span>}
      </>
    );
  }
  return (
    <footer className="statusbar" aria-label="Connection status">
      <div className="status-left">{content}</div>
      {right && <div className="status-right">{right}</div>}
    </footer>
  );
}
