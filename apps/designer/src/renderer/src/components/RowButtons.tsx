import { Icon } from './Icon.js';

/** The refresh button of a panel's header. */
export function RefreshButton({ what, onClick }: { readonly what: string; readonly onClick: () => void }) {
  return (
    <button
      type="button"
      className="icon-button"
      onClick={onClick}
      aria-label={`Refresh the list of ${what}`}
      title="Refresh"
    >
      <Icon name="refresh" />
    </button>
  );
}

/** A list row's button that runs its mapping against the input. */
export function RunAgainstInputButton({
  id,
  onRun,
}: {
  readonly id: string;
  readonly onRun: (id: string) => void;
}) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={`Run ${id} against the input`}
      title="Run against the input"
      onClick={() => onRun(id)}
    >
      <Icon name="run" />
    </button>
  );
}
