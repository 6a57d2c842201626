import { useEffect, useRef } from 'react';

interface Shortcuts {
  readonly run: () => void;
  readonly save: () => void;
  readonly newDocument: () => void;
  readonly closeActive: () => void;
}

/**
 * Workbench shortcuts outside the editor (inside it, Monaco's own commands handle Ctrl+Enter and Ctrl+S and
 * mark the event as handled). Alt+N / Alt+W because browsers keep Ctrl+N / Ctrl+W for themselves.
 */
export function useShortcuts(shortcuts: Shortcuts): void {
  const current = useRef(shortcuts);
  current.current = shortcuts;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const mod = event.ctrlKey || event.metaKey;
      const action =
        mod && event.key === 'Enter'
          ? current.current.run
          : mod && event.key.toLowerCase() === 's'
            ? current.current.save
            : event.altKey && event.code === 'KeyN'
              ? current.current.newDocument
              : event.altKey && event.code === 'KeyW'
                ? current.current.closeActive
                : undefined;
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
