import { useTranslation } from 'react-i18next';
import { useLostEdits } from '../../data/lost-edits';
import { Button } from '../../ui/button';
import styles from './lost-edits-notice.module.css';

const SHOWN_VALUE_MAX = 160;

/** What a losing edit held, readable: text as typed, lists joined, the rest as written. */
function shown(value: unknown): string {
  const text = Array.isArray(value)
    ? value.join(', ')
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);
  return text.length > SHOWN_VALUE_MAX ? `${text.slice(0, SHOWN_VALUE_MAX)}…` : text;
}

/**
 * Tells the user when an edit made on this device was not kept because the same field had been
 * changed elsewhere first (src/data/conflict.ts), with what they had written, so that nothing
 * disappears silently: they can copy it and edit again. Kept on the device until dismissed.
 */
export function LostEditsNotice() {
  const { t, i18n } = useTranslation();
  const { edits, dismiss } = useLostEdits();
  if (edits.length === 0) return null;
  const fieldName = (field: string) =>
    i18n.exists(`conflicts.fields.${field}`)
      ? t(`conflicts.fields.${field}` as 'conflicts.fields.bio')
      : field;
  return (
    <section className={styles.notice} role="alert" aria-labelledby="lost-edits-title">
      <h2 id="lost-edits-title">{t('conflicts.title')}</h2>
      <ul>
        {edits.flatMap((edit) =>
          edit.fields.map((field) =>
            field === '_document' ? (
              <li key={`${edit.id}:${field}`}>{t('conflicts.refused')}</li>
            ) : (
              <li key={`${edit.id}:${field}`}>
                {t('conflicts.field', { field: fieldName(field) })}
                <q className={styles.value}>{shown((edit.lost as Record<string, unknown>)[field])}</q>
              </li>
            ),
          ),
        )}
      </ul>
      <Button size="small" variant="secondary" onClick={dismiss}>
        {t('conflicts.dismiss')}
      </Button>
    </section>
  );
}
