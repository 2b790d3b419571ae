import styles from './segmented-control.module.css';

export type Segment<T> = { value: T; label: string };

type Props<T> = {
  label: string;
  value: T;
  segments: readonly Segment<T>[];
  onChange: (value: T) => void;
  className?: string;
};

/** A small set of exclusive choices (all / lawyers / expats, euro / dollar), as a radio group. */
export function SegmentedControl<T>({ label, value, segments, onChange, className }: Props<T>) {
  return (
    <div className={`${styles.group} ${className ?? ''}`} role="radiogroup" aria-label={label}>
      {segments.map((segment) => (
        <button
          key={segment.label}
          type="button"
          role="radio"
          aria-checked={segment.value === value}
          className={`${styles.segment} ${segment.value === value ? styles.selected : ''}`}
          onClick={() => onChange(segment.value)}
        >
          {segment.label}
        </button>
      ))}
    </div>
  );
}
