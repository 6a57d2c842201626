import { useEffect, useRef, type FormEvent } from 'react';
import { describeConnection } from '../desktop/describe-connection.js';
import { checkServiceUrl } from '../desktop/service-url.js';
import type { DesktopConnection } from '../desktop/use-desktop-connection.js';

function UrlField({ connection }: { connection: DesktopConnection }) {
  const { form, dispatch } = connection;
  const checked = form.url.trim() === '' ? undefined : checkServiceUrl(form.url);
  const note = checked && (checked.ok ? checked.warning : checked.message);
  return (
    <div className="field">
      <label htmlFor="connection-url">Service URL</label>
      <input
        id="connection-url"
        type="url"
        value={form.url}
        placeholder="https://mapx.example.org/"
        autoComplete="url"
        aria-invalid={checked?.ok === false}
        aria-describedby={note ? 'connection-url-note' : undefined}
        onChange={(event) => dispatch({ type: 'url', url: event.target.value })}
      />
      {note && (
        <p id="connection-url-note" className={checked?.ok ? 'hint' : 'hint error-text'}>
          {note}
        </p>
      )}
      <label className="toggle">
        <input
          type="checkbox"
          checked={form.authEnabled}
          onChange={(event) => dispatch({ type: 'auth', enabled: event.target.checked })}
        />
        Sign in to this service
      </label>
    </div>
  );
}

function FolderField({ connection }: { connection: DesktopConnection }) {
  const { form } = connection;
  return (
    <div className="field">
      <label htmlFor="connection-folder">Mappings folder</label>
      <div className="field-row">
        <input id="connection-folder" readOnly value={form.folder} placeholder="No folder chosen" />
        <button type="button" onClick={connection.chooseFolder}>
          Choose folder…
        </button>
      </div>
      <p className="hint">The desktop app runs the mapx service on this computer, serving this folder.</p>
    </div>
  );
}

/** The desktop connection dialog: embed a service over a mappings folder, or connect to a service URL. */
export function ConnectionPanel({
  connection,
  onClose,
}: {
  connection: DesktopConnection;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const { form, dispatch } = connection;
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connection.apply();
  };
  const mode = (value: 'embed' | 'connect', label: string) => (
    <label className="toggle">
      <input
        type="radio"
        name="connection-mode"
        value={value}
        checked={form.mode === value}
        onChange={() => dispatch({ type: 'mode', mode: value })}
      />
      {label}
    </label>
  );
  return (
    <dialog
      ref={ref}
      className="dialog connection-dialog"
      aria-labelledby="connection-title"
      onClose={onClose}
    >
      <form onSubmit={submit}>
        <h2 id="connection-title">Connection</h2>
        <p role="status" data-testid="connection-current">
          In use: {describeConnection(form.current)}
          {form.current?.message ? ` (${form.current.message})` : ''}
        </p>
        <fieldset disabled={form.phase !== 'editing'}>
          <legend>Service</legend>
          {mode('embed', 'Embedded service on this computer')}
          {mode('connect', 'Remote service')}
          {form.mode === 'embed' ? (
            <FolderField connection={connection} />
          ) : (
            <UrlField connection={connection} />
          )}
        </fieldset>
        {form.error && (
          <p className="error-text" role="alert">
            {form.error}
          </p>
        )}
        <div className="dialog-buttons">
          <button type="button" onClick={() => ref.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={form.phase !== 'editing'}>
            {form.phase === 'applying' ? 'Applying…' : 'Apply'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
