import type { ConnectionMode, ConnectionRequest, ConnectionState } from '../../../common/ipc/ipc-contract.js';
import { checkServiceUrl } from './service-url.js';

/** The desktop connection panel: what main reports (`current`) and what the author is editing. */
export interface ConnectionForm {
  readonly current?: ConnectionState;
  readonly mode: ConnectionMode;
  readonly folder: string;
  readonly url: string;
  readonly authEnabled: boolean;
  /** `loading` until main answered; `applying` from Apply until main reports a settled state. */
  readonly phase: 'loading' | 'editing' | 'applying';
  readonly error?: string;
}

export type ConnectionFormAction =
  | { readonly type: 'loaded'; readonly state: ConnectionState }
  | { readonly type: 'changed'; readonly state: ConnectionState }
  | { readonly type: 'mode'; readonly mode: ConnectionMode }
  | { readonly type: 'folder'; readonly folder: string }
  | { readonly type: 'url'; readonly url: string }
  | { readonly type: 'auth'; readonly enabled: boolean }
  | { readonly type: 'apply' }
  | { readonly type: 'failed'; readonly message: string };

export const INITIAL_CONNECTION_FORM: ConnectionForm = {
  mode: 'embed',
  folder: '',
  url: '',
  authEnabled: false,
  phase: 'loading',
};

/** The form starts from what is in use, so that Apply without edits changes nothing. */
function fromState(form: ConnectionForm, state: ConnectionState): ConnectionForm {
  return {
    ...form,
    current: state,
    mode: state.mode,
    folder: state.mappingsFolder ?? form.folder,
    url: state.remoteUrl ?? form.url,
    authEnabled: state.mode === 'connect' ? state.authEnabled : form.authEnabled,
    phase: 'editing',
  };
}

function withoutError(form: ConnectionForm): ConnectionForm {
  const { error: _error, ...rest } = form;
  return rest;
}

export function connectionFormReducer(form: ConnectionForm, action: ConnectionFormAction): ConnectionForm {
  switch (action.type) {
    case 'loaded':
      return fromState(form, action.state);
    case 'changed': {
      const settled = action.state.status !== 'starting';
      const next = { ...form, current: action.state };
      if (form.phase !== 'applying' || !settled) return next;
      if (action.state.status === 'failed')
        return { ...next, phase: 'editing', error: action.state.message ?? 'The connection failed.' };
      return withoutError(fromState(next, action.state));
    }
    case 'mode':
      return withoutError({ ...form, mode: action.mode });
    case 'folder':
      return withoutError({ ...form, folder: action.folder });
    case 'url':
      return withoutError({ ...form, url: action.url });
    case 'auth':
      return { ...form, authEnabled: action.enabled };
    case 'apply':
      return withoutError({ ...form, phase: 'applying' });
    case 'failed':
      return { ...form, phase: form.phase === 'loading' ? 'loading' : 'editing', error: action.message };
  }
}

/** The `connection:set` request for the form, or the sentence that says what is missing. */
export function connectionRequest(
  form: ConnectionForm,
): { ok: true; request: ConnectionRequest } | { ok: false; message: string } {
  if (form.mode === 'embed') {
    if (form.folder.trim() === '') return { ok: false, message: 'Choose the folder of your mappings.' };
    return { ok: true, request: { mode: 'embed', mappingsFolder: form.folder } };
  }
  const url = checkServiceUrl(form.url);
  if (!url.ok) return url;
  return { ok: true, request: { mode: 'connect', url: url.url, authEnabled: form.authEnabled } };
}
