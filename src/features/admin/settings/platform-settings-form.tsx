/**
 * The platform settings' form: the services switched on, the commission (typed in percent, kept as a
 * rate), the longest call in minutes and the ring time in seconds, the interface languages offered.
 * Checked with the service's own rules before sending; a refused save keeps what was typed.
 */
import { useTranslation } from 'react-i18next';
import type { PlatformSettings } from '../../../domain/config';
import { LANGUAGES } from '../../../domain/languages';
import type { Language } from '../../../domain/languages';
import { checkPlatformSettings } from '../../../domain/platform-settings-rules';
import type { EditablePlatformSettings } from '../../../domain/platform-settings-rules';
import { CheckboxField, FieldError, TextField } from '../../../ui/form-field';
import { languageName } from '../../../ui/intl';
import { adminSend } from '../admin-api';
import { AdminForm } from '../pricing/admin-form';
import { parsePercent, parseWhole, percentText } from '../pricing/amount-input';
import type { FieldCodes } from '../pricing/field-errors';
import { useAdminForm } from '../pricing/use-admin-form';
import styles from '../pricing/admin-form.module.css';

export type PlatformSettingsView = EditablePlatformSettings &
  Pick<PlatformSettings, 'supportedCountries'> & { updatedAt?: string };

type Form = {
  lawyerCalls: boolean;
  expatCalls: boolean;
  commission: string;
  maxCallDuration: string;
  callTimeout: string;
  languages: Language[];
};

const FIELDS = [
  'servicesEnabled.lawyerCalls',
  'platformCommission',
  'maxCallDuration',
  'callTimeout',
  'supportedLanguages',
];
const idOf = (field: string) => `settings-${field.replace(/\./g, '-')}`;

function formOf(settings: EditablePlatformSettings, locale: string): Form {
  return {
    lawyerCalls: settings.servicesEnabled.lawyerCalls,
    expatCalls: settings.servicesEnabled.expatCalls,
    commission: percentText(settings.platformCommission, locale),
    maxCallDuration: String(settings.maxCallDuration),
    callTimeout: String(settings.callTimeout),
    languages: [...settings.supportedLanguages],
  };
}

function bodyOf(form: Form): EditablePlatformSettings {
  return {
    servicesEnabled: { lawyerCalls: form.lawyerCalls, expatCalls: form.expatCalls },
    platformCommission: parsePercent(form.commission) ?? Number.NaN,
    maxCallDuration: parseWhole(form.maxCallDuration) ?? Number.NaN,
    callTimeout: parseWhole(form.callTimeout) ?? Number.NaN,
    supportedLanguages: form.languages,
  };
}

export function PlatformSettingsForm({
  initial,
  onSaved,
}: {
  initial: PlatformSettingsView;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { form, change, error, hasError, ...state } = useAdminForm<Form>({
    area: 'settings',
    initial: () => formOf(initial, i18n.language),
    fields: FIELDS,
    idOf,
    // The longest call is checked against the current durations by the service (it knows them).
    check: (typed) => {
      const check = checkPlatformSettings(bodyOf(typed));
      return check.ok ? undefined : (check.fields as FieldCodes);
    },
    save: async (typed) => {
      const saved = await adminSend<{ settings: PlatformSettingsView }>('PUT', 'settings', bodyOf(typed));
      onSaved();
      return formOf(saved.settings, i18n.language);
    },
  });

  return (
    <AdminForm
      state={state}
      testId="settings-form"
      saveLabel={t('admin.common.save')}
      savedText={t('admin.settings.saved')}
    >
      <fieldset className={styles.card}>
        <legend>{t('admin.settings.sections.services')}</legend>
        <div className={styles.checks}>
          <CheckboxField
            id={idOf('servicesEnabled.lawyerCalls')}
            label={t('admin.settings.fields.lawyerCalls')}
            checked={form.lawyerCalls}
            onValue={(lawyerCalls) => change({ lawyerCalls })}
          />
          <CheckboxField
            id={idOf('servicesEnabled.expatCalls')}
            label={t('admin.settings.fields.expatCalls')}
            checked={form.expatCalls}
            onValue={(expatCalls) => change({ expatCalls })}
          />
        </div>
        <p className={styles.hint}>{t('admin.settings.hints.services')}</p>
      </fieldset>
      <fieldset className={styles.card}>
        <legend>{t('admin.settings.sections.calls')}</legend>
        <div className={styles.row}>
          <TextField
            id={idOf('platformCommission')}
            label={t('admin.settings.fields.commission')}
            inputMode="decimal"
            autoComplete="off"
            value={form.commission}
            error={error('platformCommission')}
            onValue={(commission) => change({ commission })}
          />
          <TextField
            id={idOf('maxCallDuration')}
            label={t('admin.settings.fields.maxCallDuration')}
            inputMode="numeric"
            autoComplete="off"
            value={form.maxCallDuration}
            error={error('maxCallDuration')}
            onValue={(maxCallDuration) => change({ maxCallDuration })}
          />
          <TextField
            id={idOf('callTimeout')}
            label={t('admin.settings.fields.callTimeout')}
            inputMode="numeric"
            autoComplete="off"
            value={form.callTimeout}
            error={error('callTimeout')}
            onValue={(callTimeout) => change({ callTimeout })}
          />
        </div>
        <p className={styles.hint}>{t('admin.settings.hints.nextOrder')}</p>
      </fieldset>
      <fieldset
        className={styles.card}
        aria-describedby={hasError('supportedLanguages') ? `${idOf('supportedLanguages')}-error` : undefined}
      >
        <legend>{t('admin.settings.sections.languages')}</legend>
        <div className={styles.checks}>
          {LANGUAGES.map((code, index) => (
            <CheckboxField
              key={code}
              id={index === 0 ? idOf('supportedLanguages') : idOf(`supportedLanguages-${code}`)}
              label={languageName(code, i18n.language)}
              checked={form.languages.includes(code)}
              onValue={(on) =>
                change({ languages: LANGUAGES.filter((l) => (l === code ? on : form.languages.includes(l))) })
              }
            />
          ))}
        </div>
        <FieldError id={idOf('supportedLanguages')} error={error('supportedLanguages')} />
      </fieldset>
    </AdminForm>
  );
}
