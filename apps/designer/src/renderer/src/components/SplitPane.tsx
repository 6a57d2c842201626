import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

interface SplitPaneProps {
  readonly direction: 'row' | 'column';
  /** Initial size of the first pane, as a fraction of the container. */
  readonly initial: number;
  readonly label: string;
  readonly first: ReactNode;
  readonly second: ReactNode;
  readonly className?: string;
}

const MIN = 0.1;
const STEP = 0.03;
const clamp = (value: number) => Math.min(1 - MIN, Math.max(MIN, value));

/** Two panes and a separator that resizes them by mouse or keyboard (arrows, Home, End). */
export function SplitPane({ direction, initial, label, first, second, className }: SplitPaneProps) {
  const [fraction, setFraction] = useState(initial);
  const container = useRef<HTMLDivElement>(null);
  const horizontal = direction === 'row';

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!event.currentTarget.hasPointerCapture(event.pointerId) || !container.current) return;
    const box = container.current.getBoundingClientRect();
    setFraction(
      clamp(horizontal ? (event.clientX - box.left) / box.width : (event.clientY - box.top) / box.height),
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const back = horizontal ? 'ArrowLeft' : 'ArrowUp';
    const forward = horizontal ? 'ArrowRight' : 'ArrowDown';
    const moves: Record<string, number> = {
      [back]: fraction - STEP,
      [forward]: fraction + STEP,
      Home: MIN,
      End: 1 - MIN,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setFraction(clamp(next));
  };
  const template = `${fraction}fr 6px ${1 - fraction}fr`;
  return (
    <div
      ref={container}
      className={`split split-${direction} ${className ?? ''}`}
      style={horizontal ? { gridTemplateColumns: template } : { gridTemplateRows: template }}
    >
      <div className="split-pane">{first}</div>
      <div
        className="split-handle"
        role="separator"
        tabIndex={0}
        aria-label={label}
        aria-orientation={horizontal ? 'vertical' : 'horizontal'}
        aria-valuemin={MIN * 100}
        aria-valuemax={(1 - MIN) * 100}
        aria-valuenow={Math.round(fraction * 100)}
        onPointerDown={(event) => event.currentTarget.setPointerCapture(event.pointerId)}
        onPointerUp={(event) => event.currentTarget.releasePointerCapture(event.pointerId)}
        onPointerMove={onPointerMove}
        onKeyDown={onKeyDown}
      />
      <div className="split-pane">{second}</div>
    </div>
  );
}
