/**
 * Every rule a segment may have (src/domain/comms.ts `SegmentRules`), as form controls: who (roles,
 * interface languages, countries), when (sign-up and last consultation, each between two days), and
 * the yes / no / any rules. An empty choice leaves its rule out. Each control's id is its field's
 * (segment-form.ts), so that the service's refusal of `rules.<name>` lands next to it.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SEGMENT_ROLES } from '../../../domain/comms';
import { COUNTRY_CODES } from '../../../domain/countries';
import { LANGUAGES } from '../../../domain/languages';
import { CheckboxField, ChoiceField, FieldError, TextField, errorIdOf } from '../../../ui/form-field';
import { countryName, languageName } from '../../../ui/intl';
import { MultiPicker } from '../../../ui/multi-picker';
import styles from '../pricing/admin-form.module.css';
import { FLAG_RULES, segmentFieldId as idOf } from './segment-form';
import type { DateRule, SegmentForm, TriState } from './segment-form';

type Props = {
  form: SegmentForm;
  change: (patch: Partial<SegmentForm>) => void;
  /** A field's error in words, by the service's name of the field (`rules.roles`). */
  error: (field: string) => string | undefined;
};

/** Checkboxes for a few exclusive-or-not choices; the first box carries the field's id. */
function ChoiceGroup<T extends string>(props: {
  field: string;
  legend: string;
  choices: readonly T[];
  labelOf: (value: T) => string;
  chosen: readonly T[];
  error?: string;
  onChange: (chosen: T[]) => void;
}) {
  const { field, choices, chosen, error } = props;
  return (
    <fieldset className={styles.group} aria-describedby={error ? errorIdOf(idOf(field)) : undefined}>
      <legend>{props.legend}</legend>
      <div className={styles.checks}>
        {choices.map((value, index) => (
          <CheckboxField
            key={value}
            id={index === 0 ? idOf(field) : `${idOf(field)}-${value}`}
            label={props.labelOf(value)}
            checked={chosen.includes(value)}
            onValue={(on) => props.onChange(choices.filter((c) => (c === value ? on : chosen.includes(c))))}
          />
        ))}
      </div>
      <FieldError id={idOf(field)} error={error} />
    </fieldset>
  );
}

const triStateOf = (value: string): TriState => (value === 'yes' || value === 'no' ? value : '');

export function SegmentRulesFields({ form, change, error }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const countries = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort((a, b) =>
        a.label.localeCompare(b.label, locale),
      ),
    [locale],
  );
  const dateField = (rule: DateRule) => (
    <TextField
      id={idOf(`rules.${rule}`)}
      type="date"
      label={t(`admin.comms.rules.${rule}`)}
      value={form[rule]}
      error={error(`rules.${rule}`)}
      onValue={(value) => change({ [rule]: value })}
    />
  );
  const triState = [
    { value: '', label: t('admin.comms.rules.any') },
    { value: 'yes', label: t('admin.common.yes') },
    { value: 'no', label: t('admin.common.no') },
  ];

  return (
    <>
      <fieldset className={styles.card}>
        <legend>{t('admin.comms.sections.who')}</legend>
        <ChoiceGroup
          field="rules.roles"
          legend={t('admin.comms.rules.roles')}
          choices={SEGMENT_ROLES}
          labelOf={(role) => t(`admin.comms.roles.${role}`)}
          chosen={form.roles}
          error={error('rules.roles')}
          onChange={(roles) => change({ roles })}
        />
        <ChoiceGroup
          field="rules.languages"
          legend={t('admin.comms.rules.languages')}
          choices={LANGUAGES}
          labelOf={(code) => languageName(code, locale)}
          chosen={form.languages}
          error={error('rules.languages')}
          onChange={(languages) => change({ languages })}
        />
        <MultiPicker
          id={idOf('rules.countries')}
          legend={t('admin.comms.rules.countries')}
          searchLabel={t('admin.comms.rules.countriesSearch')}
          options={countries}
          selected={form.countries}
          error={error('rules.countries')}
          onChange={(chosen) => change({ countries: chosen })}
        />
        <p className={styles.hint}>{t('admin.comms.hints.lists')}</p>
      </fieldset>

      <fieldset className={styles.card}>
        <legend>{t('admin.comms.sections.when')}</legend>
        <div className={styles.row}>
          {dateField('signedUpAfter')}
          {dateField('signedUpBefore')}
        </div>
        <div className={styles.row}>
          {dateField('lastConsultationAfter')}
          {dateField('lastConsultationBefore')}
        </div>
        <p className={styles.hint}>{t('admin.comms.hints.dates')}</p>
      </fieldset>

      <fieldset className={styles.card}>
        <legend>{t('admin.comms.sections.activity')}</legend>
        <div className={styles.row}>
          {FLAG_RULES.map((rule) => (
            <ChoiceField
              key={rule}
              id={idOf(`rules.${rule}`)}
              label={t(`admin.comms.rules.${rule}`)}
              value={form[rule]}
              options={triState}
              error={error(`rules.${rule}`)}
              onValue={(value) => change({ [rule]: triStateOf(value) })}
            />
          ))}
        </div>
        <p className={styles.hint}>{t('admin.comms.hints.providers')}</p>
      </fieldset>
    </>
  );
}
