/**
 * A console form saved as a whole (its state is `useAdminForm`'s): the screen's cards of fields,
 * then the save button, and the outcome, said as a status when saved or as an alert when refused.
 */
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import type { SaveOutcome } from './use-admin-form';
import styles from './admin-form.module.css';

type Props = {
  state: { submit: (event: FormEvent) => Promise<void>; saving: boolean; outcome?: SaveOutcome };
  testId: string;
  saveLabel: string;
  savedText: string;
  children: ReactNode;
  /** Below the button (when the saved values date from). */
  footnote?: ReactNode;
};

export function AdminForm({ state, testId, saveLabel, savedText, children, footnote }: Props) {
  const { t } = useTranslation();
  const { outcome } = state;
  return (
    <form
      className={styles.form}
      onSubmit={(event) => void state.submit(event)}
      noValidate
      data-testid={testId}
    >
      {children}
      <div className={styles.footer}>
        <Button type="submit" disabled={state.saving}>
          {state.saving ? t('admin.common.saving') : saveLabel}
        </Button>
        {outcome && 'saved' in outcome && (
          <p className={styles.status} role="status">
            {savedText}
          </p>
        )}
        {outcome && 'failure' in outcome && (
          <p className={styles.failure} role="alert">
            {outcome.failure}
          </p>
        )}
      </div>
      {footnote}
    </form>
  );
}
