/**
 * Labelled form controls for the account forms (and any later form): the label names the control,
 * an error is tied to it with aria-describedby and aria-invalid, and ids are given by the form so
 * that a refused submit can move the focus to the first field to fix (`errorIdOf`).
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import styles from './form-field.module.css';
import { useSteadyWhilePressed } from './use-steady-while-pressed';

export const errorIdOf = (id: string) => `${id}-error`;
export const hintIdOf = (id: string) => `${id}-hint`;

type Common = { id: string; label: ReactNode; error?: string; hint?: ReactNode; className?: string };

export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [error ? errorIdOf(id) : '', hint ? hintIdOf(id) : ''].join(' ').trim() || undefined;
}

/** The label, the control, a hint and the error of one field. */
export function Field({ id, label, error, hint, className, children }: Common & { children: ReactNode }) {
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <div id={hintIdOf(id)} className={styles.hint}>
          {hint}
        </div>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * A field's error. One that comes or goes while the user is pressing waits for the click: the
 * line it adds or removes would move the control being pressed (use-steady-while-pressed.ts).
 */
export function FieldError({ id, error }: { id: string; error?: string }) {
  const shown = useSteadyWhilePressed(error);
  if (!shown) return null;
  return (
    <p id={errorIdOf(id)} className={styles.error}>
      {shown}
    </p>
  );
}

type TextProps = Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> & { onValue: (value: string) => void };

export function TextField({ id, label, error, hint, className, onValue, ...input }: TextProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onValue(event.target.value)}
        {...input}
      />
    </Field>
  );
}

type AreaProps = Common &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange'> & {
    onValue: (value: string) => void;
  };

export function TextAreaField({ id, label, error, hint, className, onValue, ...area }: AreaProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onValue(event.target.value)}
        {...area}
      />
    </Field>
  );
}

type ChoiceProps = Common &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange'> & {
    placeholder?: string;
    options: readonly { value: string; label: string }[];
    onValue: (value: string) => void;
  };

export function ChoiceField({
  id,
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
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onValue(event.target.value)}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

type CheckProps = Omit<Common, 'hint'> & { checked: boolean; onValue: (checked: boolean) => void };

/** A checkbox with its label on the right (terms, remember me). */
export function CheckboxField({ id, label, error, className, checked, onValue }: CheckProps) {
  return (
    <div className={`${styles.check} ${className ?? ''}`}>
      <label>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorIdOf(id) : undefined}
          onChange={(event) => onValue(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}
