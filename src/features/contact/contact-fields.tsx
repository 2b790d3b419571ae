import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { useSteadyWhilePressed } from '../../ui/use-steady-while-pressed';
import styles from './contact-fields.module.css';

/** Ids are fixed per field (one form per page), so a failed submit can focus the first error. */
export const fieldId = (name: string) => `contact-${name}`;
export const errorId = (name: string) => `contact-${name}-error`;

type Common = { name: string; label: string; error?: string; hint?: ReactNode; className?: string };

function Field({ name, label, error, hint, className, children }: Common & { children: ReactNode }) {
  // An error that comes while the user presses another control (the terms below) waits for the
  // click: its line would move that control under the finger.
  const shownError = useSteadyWhilePressed(error);
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={fieldId(name)}>{label}</label>
      {children}
      {hint}
      {shownError && (
        <p id={errorId(name)} className={styles.error}>
          {shownError}
        </p>
      )}
    </div>
  );
}

function describedBy(name: string, error?: string, extra?: string) {
  return [error ? errorId(name) : '', extra ?? ''].join(' ').trim() || undefined;
}

type TextProps = Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange'> & {
    onValue: (value: string) => void;
    describedById?: string;
  };

export function TextField({
  name,
  label,
  error,
  hint,
  className,
  onValue,
  describedById,
  ...input
}: TextProps) {
  return (
    <Field name={name} label={label} error={error} hint={hint} className={className}>
      <input
        id={fieldId(name)}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, describedById)}
        onChange={(event) => onValue(event.target.value)}
        {...input}
      />
    </Field>
  );
}

type AreaProps = Common & {
  value: string;
  maxLength: number;
  rows: number;
  onValue: (value: string) => void;
  onBlur: () => void;
  describedById?: string;
};

export function TextAreaField({
  name,
  label,
  error,
  hint,
  className,
  onValue,
  describedById,
  ...area
}: AreaProps) {
  return (
    <Field name={name} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={fieldId(name)}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, describedById)}
        onChange={(event) => onValue(event.target.value)}
        {...area}
      />
    </Field>
  );
}

type ChoiceProps = Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'onChange'> & {
    placeholder: string;
    options: readonly { value: string; label: string }[];
    onValue: (value: string) => void;
  };

export function ChoiceField({
  name,
  label,
  error,
  hint,
  className,
  placeholder,
  options,
  onValue,
  ...select
}: ChoiceProps) {
  return (
    <Field name={name} label={label} error={error} hint={hint} className={className}>
      <select
        id={fieldId(name)}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error)}
        onChange={(event) => onValue(event.target.value)}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
