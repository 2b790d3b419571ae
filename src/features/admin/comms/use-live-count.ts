/**
 * The live count of a segment's rules as the admin edits them (`POST comms/segments/count`): asked
 * once typing pauses (300 ms), each new question cancelling the one still under way, so that only
 * the answer for the rules on screen is ever shown (an older answer arriving late is dropped too).
 * While a new answer is awaited, the previous one stays on screen, marked as updating.
 */
import { useEffect, useRef, useState } from 'react';
import { errorCode } from '../../../data/api';
import type { SegmentCount, SegmentRules } from '../../../domain/comms';
import { adminSend } from '../admin-api';

export const LIVE_COUNT_PAUSE_MS = 300;

export type LiveCount = {
  /** The last answer (kept while the next one is awaited). */
  answer?: SegmentCount;
  /** A newer answer is awaited. */
  updating: boolean;
  /** Why the last question failed (the rules are not valid yet, the service is unreachable…). */
  error?: unknown;
};

type Answered = { key: string; answer?: SegmentCount; error?: unknown };

export function useLiveCount(rules: SegmentRules | undefined): LiveCount {
  // The rules by value: a form gives a new object at each render.
  const key = rules === undefined ? undefined : JSON.stringify(rules);
  const [last, setLast] = useState<Answered>();
  const asked = useRef<string>(undefined);

  useEffect(() => {
    if (key === undefined) return;
    asked.current = key;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      adminSend<SegmentCount>(
        'POST',
        'comms/segments/count',
        { rules: JSON.parse(key) as SegmentRules },
        controller.signal,
      ).then(
        (answer) => {
          if (asked.current === key) setLast({ key, answer });
        },
        (error: unknown) => {
          if (errorCode(error) === 'aborted' || asked.current !== key) return;
          setLast((current) => ({ key, answer: current?.answer, error }));
        },
      );
    }, LIVE_COUNT_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  return { answer: last?.answer, error: last?.error, updating: key !== undefined && last?.key !== key };
}
