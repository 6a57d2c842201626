import { useCallback, useMemo, useRef, useState } from 'react';
import type { DialogRequest } from '../components/Dialog.js';
import type { Toast } from '../components/Toasts.js';

type Ask<R> = Omit<Extract<DialogRequest, { kind: R }>, 'kind' | 'resolve'>;

/** Toasts and modal dialogs as promises, so actions read top to bottom. */
export function useFeedback() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [dialog, setDialog] = useState<DialogRequest | undefined>(undefined);
  const nextId = useRef(0);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const notify = useCallback(
    (tone: Toast['tone'], text: string) => {
      const id = ++nextId.current;
      setToasts((all) => [...all.slice(-3), { id, tone, text }]);
      setTimeout(() => dismiss(id), tone === 'error' || tone === 'warning' ? 10_000 : 5_000);
    },
    [dismiss],
  );
  const confirm = useCallback(
    (ask: Ask<'confirm'>) =>
      new Promise<boolean>((resolve) => setDialog({ kind: 'confirm', ...ask, resolve })),
    [],
  );
  const prompt = useCallback(
    (ask: Ask<'prompt'>) =>
      new Promise<string | undefined>((resolve) => setDialog({ kind: 'prompt', ...ask, resolve })),
    [],
  );
  const closeDialog = useCallback(() => setDialog(undefined), []);
  return useMemo(
    () => ({ toasts, dismiss, notify, dialog, confirm, prompt, closeDialog }),
    [toasts, dismiss, notify, dialog, confirm, prompt, closeDialog],
  );
}

export type Feedback = ReturnType<typeof useFeedback>;
