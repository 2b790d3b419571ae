import { useTranslation } from 'react-i18next';
import { EDUCATION_MAX_ENTRIES, GRADUATION_YEAR_MIN } from '../../domain/registration';
import { Button } from '../../ui/button';
import { FieldError, TextField } from '../../ui/form-field';
import { newEducationRow } from './provider-form-model';
import type { EducationRow } from './provider-form-model';
import styles from './provider-form-education.module.css';

type Props = {
  /** Id of the first row's title: a refused send focuses it. */
  id: string;
  rows: EducationRow[];
  error?: string;
  onChange: (rows: EducationRow[]) => void;
  onTouched: () => void;
};

/** The lawyer's education: a list of diplomas, with rows added and removed at will (at least one row). */
export function EducationList({ id, rows, error, onChange, onTouched }: Props) {
  const { t } = useTranslation();
  const thisYear = new Date().getFullYear();
  // The first row's title carries the list's id (focused by a refused send); the others their own.
  const titleId = (index: number, row: EducationRow | undefined) =>
    index === 0 ? id : `${id}-${row?.key ?? ''}-title`;
  const focusLater = (elementId: string) =>
    requestAnimationFrame(() => document.getElementById(elementId)?.focus());
  const edit = (key: string, change: Partial<EducationRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const add = () => {
    const row = newEducationRow();
    onChange([...rows, row]);
    focusLater(titleId(rows.length, row));
  };
  const remove = (index: number) => {
    const left = rows.filter((_, i) => i !== index);
    onChange(left);
    onTouched();
    const next = Math.min(index, left.length - 1);
    focusLater(titleId(next, left[next]));
  };

  return (
    <fieldset className={styles.list}>
      <legend>{t('registerProvider.education.legend')}</legend>
      <p className={styles.intro}>{t('registerProvider.education.intro')}</p>
      <ol className={styles.rows}>
        {rows.map((row, index) => {
          const rowId = (field: string) => `${id}-${row.key}-${field}`;
          return (
            <li key={row.key} className={styles.row}>
              <p className={styles.rowTitle} id={`${id}-${row.key}-heading`}>
                {t('registerProvider.education.entry', { number: index + 1 })}
              </p>
              <div className={styles.fields}>
                <TextField
                  id={titleId(index, row)}
                  label={t('registerProvider.education.title')}
                  value={row.title}
                  maxLength={200}
                  aria-describedby={error && index === 0 ? `${id}-error` : undefined}
                  onValue={(title) => edit(row.key, { title })}
                  onBlur={onTouched}
                />
                <TextField
                  id={rowId('institution')}
                  label={t('registerProvider.education.institution')}
                  value={row.institution}
                  maxLength={200}
                  onValue={(institution) => edit(row.key, { institution })}
                  onBlur={onTouched}
                />
                <TextField
                  id={rowId('year')}
                  label={t('registerProvider.education.year')}
                  value={row.year}
                  type="number"
                  inputMode="numeric"
                  min={GRADUATION_YEAR_MIN}
                  max={thisYear}
                  className={styles.year}
                  onValue={(year) => edit(row.key, { year })}
                  onBlur={onTouched}
                />
              </div>
              {rows.length > 1 && (
                <Button
                  variant="ghost"
                  size="small"
                  className={styles.remove}
                  aria-describedby={`${id}-${row.key}-heading`}
                  onClick={() => remove(index)}
                >
                  {t('registerProvider.education.remove')}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {rows.length < EDUCATION_MAX_ENTRIES && (
        <Button variant="secondary" size="small" className={styles.add} onClick={add}>
          {t('registerProvider.education.add')}
        </Button>
      )}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
