/**
 * Several choices among many (spoken languages, countries) with native controls only: a search box
 * narrows a list of checkboxes, and the choices made show above as chips that can be removed.
 */
import { useState } from 'react';
import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorIdOf } from './form-field';
import styles from './multi-picker.module.css';
import { useSteadyWhilePressed } from './use-steady-while-pressed';

export type PickerOption = { value: string; label: string };

type Props = {
  id: string;
  legend: string;
  searchLabel: string;
  options: readonly PickerOption[];
  selected: readonly string[];
  error?: string;
  onChange: (values: string[]) => void;
  /** Focus has left the whole group: the user is done with it. */
  onLeave?: () => void;
};

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

export function MultiPicker({ id, legend, searchLabel, options, selected, error, onChange, onLeave }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const needle = fold(query.trim());
  const shown = needle ? options.filter((option) => fold(option.label).includes(needle)) : options;
  const labelOf = (value: string) => options.find((option) => option.value === value)?.label ?? value;
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...selected, value] : selected.filter((chosen) => chosen !== value));
  const leave = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) onLeave?.();
  };
  const listId = `${id}-options`;
  const errorId = error ? errorIdOf(id) : undefined;
  // Shown once a press under way ends: the line would move what is pressed (use-steady-while-pressed.ts).
  const shownError = useSteadyWhilePressed(error);

  return (
    <fieldset className={styles.picker} onBlur={leave} aria-describedby={errorId}>
      <legend>{legend}</legend>
      {selected.length > 0 && (
        <ul className={styles.chips} aria-label={t('picker.chosen')}>
          {selected.map((value) => (
            <li key={value}>
              {labelOf(value)}
              <button
                type="button"
                aria-label={t('picker.remove', { name: labelOf(value) })}
                onClick={() => toggle(value, false)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="search"
        className={styles.search}
        value={query}
        placeholder={searchLabel}
        aria-label={searchLabel}
        aria-controls={listId}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
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
        {shown.length === 0 && <p className={styles.none}>{t('picker.noMatch')}</p>}
      </div>
      {shownError && (
        <p id={errorIdOf(id)} className={styles.error}>
          {shownError}
        </p>
      )}
    </fieldset>
  );
}
