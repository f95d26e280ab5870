import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ErrorNotice } from './states.js';

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  error?: unknown;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal confirmation before anything destructive. The native <dialog> traps focus,
 * closes on Escape and restores focus to the opener, so keyboards work without extra code.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel = 'Go back', busy, error, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  // One id per dialog: a page may hold several (a list's rows, a human's calendars and link).
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} aria-labelledby={titleId} onCancel={(e) => (e.preventDefault(), busy || onCancel())}>
      <div className="dialog-body">
        <h2 id={titleId}>{title}</h2>
        <div>{children}</div>
        {error !== undefined && <ErrorNotice error={error} />}
      </div>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel}
        </button>
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
