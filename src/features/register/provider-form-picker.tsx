import type { FocusEvent } from 'react';
import { FieldError, errorIdOf } from '../../ui/form-field';
import styles from './provider-form-picker.module.css';

export type CheckboxOption = { value: string; label: string };

type Props = {
  /** Id of the first checkbox: a refused send focuses it. */
  id: string;
  legend: string;
  options: readonly CheckboxOption[];
  selected: readonly string[];
  error?: string;
  onChange: (values: string[]) => void;
  /** Focus has left the whole group: the user is done with it. */
  onLeave: () => void;
};

/** Several choices among a short list (specialties, help domains), as a grid of checkboxes. */
export function CheckboxGroup({ id, legend, options, selected, error, onChange, onLeave }: Props) {
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...selected, value] : selected.filter((chosen) => chosen !== value));
  const leave = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) onLeave();
  };

  return (
    <fieldset className={styles.group} onBlur={leave} aria-describedby={error ? errorIdOf(id) : undefined}>
      <legend>{legend}</legend>
      <div className={styles.options}>
        {options.map((option, index) => (
          <label key={option.value}>
            <input
              id={index === 0 ? id : undefined}
              type="checkbox"
              checked={selected.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
