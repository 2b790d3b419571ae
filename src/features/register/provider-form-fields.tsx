/**
 * Layout pieces of the provider registration forms; the labelled controls themselves are the shared
 * ones of `src/ui/form-field.tsx`.
 */
import type { ReactNode } from 'react';
import styles from './provider-form-fields.module.css';

/** Ids are fixed per field (one form per page), so a refused send and the checklist can focus a field. */
export const fieldId = (name: string) => `register-${name}`;

/** A section of the form: a titled group with an optional line on why it is asked. */
export function FormSection({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={styles.section}>
      <legend>{title}</legend>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </fieldset>
  );
}

/** Two fields side by side from the tablet width, one above the other on a phone. */
export function FieldPair({ children }: { children: ReactNode }) {
  return <div className={styles.pair}>{children}</div>;
}

/** A label with "(optional)" after it. */
export function OptionalLabel({ label, optional }: { label: string; optional: string }) {
  return (
    <>
      {label} <span className={styles.optional}>{optional}</span>
    </>
  );
}
