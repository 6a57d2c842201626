import { useEffect, useRef, useState, type FormEvent } from 'react';

export type DialogRequest =
  | {
      kind: 'confirm';
      title: string;
      message: string;
      confirmLabel: string;
      danger?: boolean;
      resolve: (ok: boolean) => void;
    }
  | {
      kind: 'prompt';
      title: string;
      message: string;
      confirmLabel: string;
      initial: string;
      pattern?: string;
      resolve: (value: string | undefined) => void;
    };

/** One modal dialog (native `<dialog>`: focus is trapped and Escape cancels). */
export function Dialog({ request, onDone }: { request: DialogRequest; onDone: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [value, setValue] = useState(request.kind === 'prompt' ? request.initial : '');
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const finish = (accepted: boolean) => {
    if (request.kind === 'confirm') request.resolve(accepted);
    else request.resolve(accepted && value.trim() !== '' ? value.trim() : undefined);
    ref.current?.close();
    onDone();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    finish(true);
  };
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="dialog-title" onCancel={() => finish(false)}>
      <form onSubmit={onSubmit}>
        <h2 id="dialog-title">{request.title}</h2>
        <p>{request.message}</p>
        {request.kind === 'prompt' && (
          <input
            aria-label={request.title}
            autoFocus
            value={value}
            pattern={request.pattern}
            required
            onChange={(event) => setValue(event.target.value)}
          />
        )}
        <div className="dialog-buttons">
          <button type="button" onClick={() => finish(false)}>
            Cancel
          </button>
          <button
            type="submit"
            className={request.kind === 'confirm' && request.danger ? 'danger' : 'primary'}
            autoFocus={request.kind === 'confirm'}
          >
            {request.confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
