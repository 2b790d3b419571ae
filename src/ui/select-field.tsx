import { useId } from 'react';
import styles from './select-field.module.css';

export type SelectOption = { value: string; label: string };

type Props = {
  label: string;
  value: string;
  /** The first choice, meaning "no filter"; its value is the empty string. */
  anyLabel: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
};

/** A labelled select whose accessible name is its label alone. */
export function SelectField({ label, value, anyLabel, options, onChange }: Props) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
