import { useEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import styles from './checkout.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type Props = {
  open: boolean;
  labelledBy: string;
  describedBy?: string;
  /** Escape, or the dialog closed by the browser. */
  onCancel: () => void;
  /** Where the focus goes on close when the element focused at opening is gone or was disabled. */
  fallbackFocusId?: string;
  children: ReactNode;
};

/**
 * A modal dialog on the native `<dialog>`: the page behind is inert, Escape cancels, Tab and
 * Shift+Tab stay inside, and the focus goes back where it was when the dialog closes.
 */
export function Modal({ open, labelledBy, describedBy, onCancel, fallbackFocusId, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<Element | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnTo.current = document.activeElement;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  useEffect(
    () => () => {
      if (dialog.current?.open) dialog.current.close();
    },
    [],
  );

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onClose={() => {
        const target = returnTo.current;
        if (target instanceof HTMLElement && target.isConnected && target !== document.body) target.focus();
        else if (fallbackFocusId) document.getElementById(fallbackFocusId)?.focus();
        if (open) onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
