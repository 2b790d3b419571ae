import { useTranslation } from 'react-i18next';
import { fieldId } from './provider-form-fields';
import type { ChecklistPart } from './provider-form-model';
import styles from './provider-form-checklist.module.css';

type Props = {
  parts: (ChecklistPart & { done: boolean })[];
};

/** The required parts of the form, ticked as they become complete; each one leads to its first field. */
export function ProgressChecklist({ parts }: Props) {
  const { t } = useTranslation();
  const done = parts.filter((part) => part.done).length;
  const go = (part: ChecklistPart) => {
    const field = document.getElementById(fieldId(part.fields[0] ?? ''));
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  };

  return (
    <section className={styles.checklist} aria-labelledby="register-progress-title">
      <h2 id="register-progress-title">{t('registerProvider.checklist.title')}</h2>
      <p className={styles.count}>{t('registerProvider.checklist.count', { done, total: parts.length })}</p>
      <progress className={styles.bar} max={parts.length} value={done} aria-hidden="true" />
      <ul>
        {parts.map((part) => (
          <li key={part.key} className={part.done ? styles.done : undefined}>
            <span className={styles.mark} aria-hidden="true">
              {part.done ? '✓' : ''}
            </span>
            <button type="button" onClick={() => go(part)}>
              {t(`registerProvider.checklist.parts.${part.key}`)}
              <span className="visually-hidden">
                {' — '}
                {part.done ? t('registerProvider.checklist.isDone') : t('registerProvider.checklist.toDo')}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
