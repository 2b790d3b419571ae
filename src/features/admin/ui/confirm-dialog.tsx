/**
 * Asks before a destructive or consequential admin action (ban, delete, refund…), on the native
 * modal `<dialog>`: the page behind is inert and Escape cancels. With `reason`, the admin must type
 * one (it goes to the audit trail, or to the person concerned). The action runs from the dialog:
 * it stays open and busy while the request runs, shows the error if it fails, and closes when it
 * succeeds.
 *
 *   <ConfirmDialog open={asking} title={banTitle} confirmLabel={banLabel}
 *     danger reason={{ label: reasonLabel, required: true }}
 *     onConfirm={(reason) => adminSend('POST', `users/${uid}/ban`, { reason })}
 *     onDone={() => setReload((n) => n + 1)} onClose={() => setAsking(false)} />
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import dialogStyles from '../../../ui/dialog.module.css';
import { useAdminErrorText } from './admin-error';
import styles from './confirm-dialog.module.css';

type Props = {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** A red confirm button (the kit's primary), for actions that remove or refuse something; blue otherwise. */
  danger?: boolean;
  reason?: { label: string; required?: boolean; maxLength?: number };
  /** The action; a rejection keeps the dialog open with the error. */
  onConfirm: (reason: string) => Promise<unknown> | void;
  /** After the action succeeded (before onClose). */
  onDone?: () => void;
  onClose: () => void;
  /** The wording of the screen's own error codes (`admin.<area>.errors.<code>`). */
  errorArea?: string;
};

export function ConfirmDialog(props: Props) {
  const { open, title, confirmLabel, danger, reason, onClose } = props;
  const { t } = useTranslation();
  const errorText = useAdminErrorText(props.errorArea);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const reasonId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Each opening starts blank.
    setWasOpen(open);
    if (open) {
      setText('');
      setError(undefined);
    }
  }

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);

  const confirm = async () => {
    if (reason?.required && !text.trim()) {
      setError(t('admin.common.reasonRequired'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await props.onConfirm(text.trim());
      props.onDone?.();
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className={dialogStyles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form
        method="dialog"
        className={dialogStyles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <h2 id={titleId} className={dialogStyles.title}>
          {title}
        </h2>
        {props.children && <div className={styles.body}>{props.children}</div>}
        {reason && (
          <label className={dialogStyles.field} htmlFor={reasonId}>
            <span>{reason.label}</span>
            <textarea
              id={reasonId}
              rows={3}
              value={text}
              maxLength={reason.maxLength ?? 500}
              required={reason.required}
              onChange={(event) => setText(event.target.value)}
            />
          </label>
        )}
        {error && (
          <p className={dialogStyles.error} role="alert">
            {error}
          </p>
        )}
        <div className={dialogStyles.actions}>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" className={danger ? undefined : styles.calm} disabled={busy} aria-busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
