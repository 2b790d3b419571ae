import type { ServiceState } from '../../domain/config';

export type DayState = ServiceState | 'noData';

/** Stroke paths on a 24 × 24 grid: a shape per state, so that colour is never the only cue. */
const PATHS: Record<DayState, string> = {
  operational: 'M5 12.5l4.5 4.5L19 7.5',
  degraded: 'M12 5.5v8M12 18.2v.3',
  outage: 'M7 7l10 10M17 7L7 17',
  maintenance:
    'M14.7 6.3a1 1 0 000 1.4l1.6 1.6a1 1 0 001.4 0l3.1-3.1a6 6 0 01-7.9 7.9l-6.3 6.3a2.1 2.1 0 01-3-3l6.3-6.3a6 6 0 017.9-7.9z',
  noData: 'M7 12h10',
};

/** The symbol of a day's state; decorative: the state's name is always written beside it. */
export function StateIcon({ state, className }: { state: DayState; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={state === 'maintenance' ? 2 : 3}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[state]} />
    </svg>
  );
}
