import { useCallback, useEffect, useReducer } from 'react';
import type { DesignerBridge } from '../../../common/ipc/ipc-contract.js';
import {
  INITIAL_CONNECTION_FORM,
  connectionFormReducer,
  connectionRequest,
  type ConnectionForm,
  type ConnectionFormAction,
} from './connection-form.js';

export interface DesktopConnection {
  readonly form: ConnectionForm;
  readonly dispatch: (action: ConnectionFormAction) => void;
  chooseFolder(): void;
  apply(): void;
}

/** The `connection:*` channels of the bridge behind the connection panel. */
export function useDesktopConnection(bridge: DesignerBridge): DesktopConnection {
  const [form, dispatch] = useReducer(connectionFormReducer, INITIAL_CONNECTION_FORM);

  useEffect(() => {
    const off = bridge.on('connection:changed', (state) => dispatch({ type: 'changed', state }));
    bridge.invoke('connection:get', null).then(
      (state) => dispatch({ type: 'loaded', state }),
      () => dispatch({ type: 'failed', message: 'The desktop app did not report its connection.' }),
    );
    return off;
  }, [bridge]);

  const chooseFolder = useCallback(() => {
    bridge.invoke('connection:choose-folder', null).then(
      ({ folder }) => folder !== undefined && dispatch({ type: 'folder', folder }),
      () => dispatch({ type: 'failed', message: 'The folder dialog could not be opened.' }),
    );
  }, [bridge]);

  const apply = useCallback(() => {
    const built = connectionRequest(form);
    if (!built.ok) return dispatch({ type: 'failed', message: built.message });
    dispatch({ type: 'apply' });
    // On success main reloads the window with the new service URL; the answer matters only on failure.
    bridge.invoke('connection:set', built.request).then(
      (state) => dispatch({ type: 'changed', state }),
      () => dispatch({ type: 'failed', message: 'The desktop app refused these connection settings.' }),
    );
  }, [bridge, form]);

  return { form, dispatch, chooseFolder, apply };
}
