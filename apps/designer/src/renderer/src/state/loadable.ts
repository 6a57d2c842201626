import { useCallback, useEffect, useState } from 'react';

export type Loadable<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly value: T }
  | { readonly state: 'failed'; readonly message: string };

/** An API answer as a panel's list: the value, or the failure's message. */
export function loaded<T>(
  answer: { readonly ok: true; readonly data: T } | { readonly ok: false; readonly message: string },
): Loadable<T> {
  return answer.ok ? { state: 'ready', value: answer.data } : { state: 'failed', message: answer.message };
}

/** A list fetched when the service is online, and again on `refresh`. */
export function useLoadedList<T>(load: () => Promise<Loadable<T>>, online: boolean) {
  const [value, setValue] = useState<Loadable<T>>({ state: 'loading' });
  const refresh = useCallback(async () => setValue(await load()), [load]);
  useEffect(() => {
    if (online) void refresh();
  }, [online, refresh]);
  return [value, refresh] as const;
}
