import { useState, useSyncExternalStore } from 'react';
import { isPressing, subscribeToPress } from './pointer-press';

/**
 * `value`, except that while a press is under way (pointer-press.ts) it stays what it was when the
 * press began, and changes once the press has made its click.
 *
 * For what a field shows below itself: it shows its error when it loses the focus, and when it
 * loses it because the user pressed another control (the terms checkbox below, most often), the
 * new line would push that control down between the press and the release, and the tap is lost.
 */
export function useSteadyWhilePressed<T>(value: T): T {
  const pressed = useSyncExternalStore(subscribeToPress, isPressing, isPressing);
  const [shown, setShown] = useState(value);
  // Remember the value last shown (React's pattern for state derived from the previous render).
  if (!pressed && shown !== value) setShown(value);
  return pressed ? shown : value;
}
