import type { Health, ServerInfo } from '@mapx/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';

export type ConnectionState =
  | { readonly phase: 'connecting' }
  | { readonly phase: 'online'; readonly info: ServerInfo; readonly health?: Health }
  /** The service wants a signed-in user: no polling until the login state changes. */
  | { readonly phase: 'sign-in-required'; readonly message: string }
  | {
      readonly phase: 'offline';
      readonly message: string;
      readonly retryAt: number;
      readonly attempt: number;
    };

const HEALTHY_POLL_MS = 15_000;
const WARMING_POLL_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;

/** Exponential backoff for reconnecting: 1 s, 2 s, 4 s … capped at 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** Math.max(0, attempt - 1));
}

/**
 * Polls `GET /` and `GET /health`. A lost connection is shown and retried with backoff; the rest of the UI
 * keeps working on what it has. A 401 stops polling: nothing changes until the user signs in (`retryNow`).
 * Nothing is polled while `enabled` is false (a returning login is still being completed).
 */
export function useConnection(
  api: ApiClient,
  enabled = true,
): { state: ConnectionState; retryNow: () => void } {
  const [state, setState] = useState<ConnectionState>({ phase: 'connecting' });
  const attempt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const check = useCallback(async () => {
    clearTimeout(timer.current);
    const [info, health] = await Promise.all([api.serverInfo(), api.health()]);
    let next: number;
    if (!info.ok && info.status === 401) {
      attempt.current = 0;
      return setState({ phase: 'sign-in-required', message: info.message });
    }
    if (info.ok) {
      attempt.current = 0;
      setState({ phase: 'online', info: info.data, ...(health.ok ? { health: health.data } : {}) });
      next = info.data.warming_up === true ? WARMING_POLL_MS : HEALTHY_POLL_MS;
    } else {
      attempt.current += 1;
      next = backoffMs(attempt.current);
      setState({
        phase: 'offline',
        message: info.message,
        retryAt: Date.now() + next,
        attempt: attempt.current,
      });
    }
    timer.current = setTimeout(() => void check(), next);
  }, [api]);

  useEffect(() => {
    if (!enabled) return;
    void check();
    const recheck = () => void check();
    window.addEventListener('online', recheck);
    window.addEventListener('focus', recheck);
    return () => {
      clearTimeout(timer.current);
      window.removeEventListener('online', recheck);
      window.removeEventListener('focus', recheck);
    };
  }, [check, enabled]);

  const retryNow = useCallback(() => void check(), [check]);
  return { state, retryNow };
}
