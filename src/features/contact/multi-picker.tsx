import { useState } from 'react';
import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorId, fieldId } from './contact-fields';
import styles from './multi-picker.module.css';

export type PickerOption = { value: string; label: string };

type Props = {
  name: string;
  legend: string;
  searchLabel: string;
  options: readonly PickerOption[];
  selected: readonly string[];
  error?: string;
  onChange: (values: string[]) => void;
  /** Focus has left the whole group: the user is done with it. */
  onLeave: () => void;
};

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * Several choices among many (languages, nationalities) with native controls only: a search box
 * narrows a list of checkboxes, and the choices made show above as chips that can be removed.
 */
export function MultiPicker({
  name,
  legend,
  searchLabel,
  options,
  selected,
  error,
  onChange,
  onLeave,
}: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const needle = fold(query.trim());
  const shown = needle ? options.filter((option) => fold(option.label).includes(needle)) : options;
  const labelOf = (value: string) => options.find((option) => option.value === value)?.label ?? value;
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...selected, value] : selected.filter((chosen) => chosen !== value));
  const leave = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) onLeave();
  };
  const listId = `${fieldId(name)}-options`;

  return (
    <fieldset className={styles.picker} onBlur={leave} aria-describedby={error ? errorId(name) : undefined}>
      <legend>{legend}</legend>
      {selected.length > 0 && (
        <ul className={styles.chips} aria-label={t('contact.chosen')}>
          {selected.map((value) => (
            <li key={value}>
              {labelOf(value)}
              <button
                type="button"
                aria-label={t('contact.remove', { name: labelOf(value) })}
                onClick={() => toggle(value, false)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={fieldId(name)}
        type="search"
        className={styles.search}
        value={query}
        placeholder={searchLabel}
        aria-label={searchLabel}
        aria-controls={listId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(name) : undefined}
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
      />
      <div id={listId} className={styles.options}>
        {shown.map((option) => (
          <label key={option.value}>
            <input
              type="checkbox"
              checked={selected.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
        {shown.length === 0 && <p className={styles.none}>{t('contact.noMatch')}</p>}
      </div>
      {error && (
        <p id={errorId(name)} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
