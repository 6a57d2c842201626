export interface Toast {
  readonly id: number;
  readonly tone: 'info' | 'success' | 'warning' | 'error';
  readonly text: string;
}

/** Short notices; announced to screen readers through a polite live region. */
export function Toasts({ toasts, onDismiss }: { toasts: readonly Toast[]; onDismiss: (id: number) => void }) {
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.tone}`} data-testid="toast">
          <span>{toast.text}</span>
          <button type="button" aria-label="Dismiss notice" onClick={() => onDismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
