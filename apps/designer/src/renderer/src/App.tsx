import { useCallback, useMemo, useRef, useState } from 'react';
import type { DesignerHostConfig } from '../../common/host-config.js';
import { createAuth } from '../auth/index.js';
import { createApiClient } from './api/api-client.js';
import type { MonacoApi } from './editor/monaco-api.js';
import { useAuth } from './state/use-auth.js';
import { Workbench } from './Workbench.js';

/**
 * The designer for one host: login first (public mode unless `host.authEnabled`), then the workbench with an
 * API client that carries the user's token and forgets the session when the service answers 401.
 */
export function App({ monaco, host }: { monaco: MonacoApi; host: DesignerHostConfig }) {
  const auth = useMemo(() => createAuth(host), [host]);
  const view = useAuth(auth);
  const status = useRef(view.state?.status);
  status.current = view.state?.status;
  const [sessionLost, setSessionLost] = useState(false);

  // Only a session we had can be lost; while signed out (or still completing a login) a 401 changes nothing.
  const onUnauthorized = useCallback(() => {
    if (status.current !== 'signed-in') return;
    setSessionLost(true);
    void auth.logout();
  }, [auth]);
  const api = useMemo(
    () =>
      createApiClient({ baseUrl: host.serviceBaseUrl, getAccessToken: auth.getAccessToken, onUnauthorized }),
    [host, auth, onUnauthorized],
  );
  const signIn = useCallback(() => {
    setSessionLost(false);
    view.signIn();
  }, [view]);

  // The workbench renders at once, even while a returning login is completed: it polls nothing until then.
  return (
    <Workbench monaco={monaco} host={host} api={api} auth={{ ...view, signIn }} sessionLost={sessionLost} />
  );
}
