import type { ReactNode } from 'react';
import type { Loadable } from '../state/loadable.js';

interface LoadableViewProps<T> {
  readonly value: Loadable<T>;
  /** Panels whose list appears quickly say nothing while it loads. */
  readonly quietWhileLoading?: boolean;
  readonly children: (value: T) => ReactNode;
}

/** A list a panel fetched: "Loading…", the failure as an alert, or what `children` renders of the value. */
export function LoadableView<T>({ value, quietWhileLoading, children }: LoadableViewProps<T>) {
  if (value.state === 'loading') return quietWhileLoading ? null : <p className="hint">Loading…</p>;
  if (value.state === 'failed')
    return (
      <p className="hint error-text" role="alert">
        {value.message}
      </p>
    );
  return <>{children(value.value)}</>;
}
