import { useState } from 'react';
import type { DesignerBridge } from '../../../common/ipc/ipc-contract.js';
import { useDesktopConnection } from '../desktop/use-desktop-connection.js';
import { describeConnection } from '../desktop/describe-connection.js';
import { ConnectionPanel } from './ConnectionPanel.js';

/** Desktop only: the connection in use, in the status bar; activating it opens the connection panel. */
export function DesktopConnectionButton({ bridge }: { bridge: DesignerBridge }) {
  const connection = useDesktopConnection(bridge);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="link-button"
        aria-haspopup="dialog"
        title="Switch between the embedded service and a remote one"
        onClick={() => setOpen(true)}
      >
        {describeConnection(connection.form.current)}
      </button>
      {open && <ConnectionPanel connection={connection} onClose={() => setOpen(false)} />}
    </>
  );
}
