/**
 * Shown under the toolbar while the service wants a signed-in user. The workbench stays (open documents are
 * kept); only the sign-in button in the toolbar is an action, so there is one "Sign in" on the page.
 */
export function SignInNotice({ serviceUrl, lost }: { serviceUrl: string; lost: boolean }) {
  return (
    <div className="notice" role="status" data-testid="sign-in-notice">
      <strong>{lost ? 'Your session has ended.' : 'Sign in to use the mapx service.'}</strong> {serviceUrl}{' '}
      needs a signed-in user: use <em>Sign in</em> at the top right. Open documents are kept while you sign
      in.
    </div>
  );
}
