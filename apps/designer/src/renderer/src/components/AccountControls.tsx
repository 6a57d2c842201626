import type { AuthView } from '../state/use-auth.js';

/**
 * Sign-in state at the right end of the toolbar. Public mode shows nothing; in authenticated mode exactly one
 * button, "Sign in" or "Sign out", so that keyboard and screen-reader users find one obvious action.
 */
export function AccountControls({ auth }: { auth: AuthView }) {
  const { state } = auth;
  if (state === undefined)
    return (
      <span className="account" aria-live="polite">
        Signing in…
      </span>
    );
  if (state.status === 'disabled') return null;
  const error = state.error && (
    <span className="account-error" role="alert" title={state.error.code}>
      {state.error.message}
    </span>
  );
  if (state.status === 'signed-out')
    return (
      <div className="account" role="group" aria-label="Account">
        {error}
        <button type="button" className="primary" onClick={auth.signIn} disabled={auth.busy}>
          Sign in
        </button>
      </div>
    );
  return (
    <div className="account" role="group" aria-label="Account">
      {error}
      <span className="account-user" data-testid="account-user" title="Signed in">
        {auth.user ?? 'Signed in'}
      </span>
      <button type="button" onClick={auth.signOut} disabled={auth.busy}>
        Sign out
      </button>
    </div>
  );
}
