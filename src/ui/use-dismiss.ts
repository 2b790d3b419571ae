import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { isPressing, subscribeToPress } from './pointer-press';

type Dismissable = {
  open: boolean;
  /** The button and what it shows: a click or the focus inside does not dismiss. */
  box: RefObject<HTMLElement | null>;
  /** Where the focus goes back after Escape. */
  button: RefObject<HTMLElement | null>;
  close: () => void;
};

/**
 * What people expect of a disclosure (a button that shows a small panel): Escape closes it and
 * gives the focus back to its button; a click or the focus anywhere else on the page closes it.
 *
 * Outside, it closes on the click rather than on the pointer going down, and ignores the focus
 * moving while a press is under way (pointer-press.ts): a panel that sits in the flow of the page
 * moves what follows it when it closes, and closing between the press and the release would move
 * the pressed control away from under the pointer and lose the click.
 */
export function useDismiss({ open, box, button, close }: Dismissable) {
  // The latest `close`, so that the listeners are set once per opening.
  const onClose = useRef(close);
  useEffect(() => {
    onClose.current = close;
  }, [close]);

  useEffect(() => {
    if (!open) return;
    const stopTracking = subscribeToPress(() => {});
    const outside = (target: EventTarget | null) => target instanceof Node && !box.current?.contains(target);
    const onClick = (event: MouseEvent) => {
      if (outside(event.target)) onClose.current();
    };
    const onFocus = (event: FocusEvent) => {
      if (outside(event.target) && !isPressing()) onClose.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose.current();
      button.current?.focus();
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('keydown', onKey);
    return () => {
      stopTracking();
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, box, button]);
}
