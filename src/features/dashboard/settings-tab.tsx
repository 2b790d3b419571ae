import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataLayer } from '../../data/data-context';
import { SETTINGS_ID, saveSettings, useSettings } from '../../data/settings';
import type { Settings } from '../../data/settings';
import { useWaitingIds } from '../../data/waiting';
import type { SessionUserView } from '../../domain/account';
import { LANGUAGES, isLanguage } from '../../domain/languages';
import type { Language } from '../../domain/languages';
import { changeLanguage } from '../../i18n/i18n';
import { Button } from '../../ui/button';
import { ChoiceField } from '../../ui/form-field';
import { languageName } from '../../ui/intl';
import { AccountSummary } from './account-summary';
import { CHANNELS } from './notification-preferences';
import { Switch } from './switch';
import styles from './tabs.module.css';
import { WaitingTag } from './waiting-tag';

/**
 * Settings: the account at a glance, then notification channels, privacy and languages (the
 * `settings` document, its defaults until first saved). Saved on this device, offline too, then pushed; the primary language is the
 * interface's, so saving it switches the interface.
 */
export function SettingsTab({ user }: { user: SessionUserView }) {
  const settings = useSettings(user.preferredLanguage);
  const [result, setResult] = useState<Result>();
  // A new form when the stored document changes (saved here, or arrived from another device); the
  // outcome of the last save stays above it.
  return (
    <div className={styles.stack}>
      <AccountSummary user={user} />
      {settings && (
        <SettingsForm key={settings.updatedAt} saved={settings} result={result} onResult={setResult} />
      )}
    </div>
  );
}

type Result = 'saved' | 'savedOffline' | 'failed';

function SettingsForm({
  saved,
  result,
  onResult,
}: {
  saved: Settings;
  result: Result | undefined;
  onResult: (result: Result | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const { db } = useDataLayer();
  const waiting = useWaitingIds().has(SETTINGS_ID);
  const [draft, setDraft] = useState(saved);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const id = useId();
  const languages = LANGUAGES.map((code) => ({ value: code, label: languageName(code, i18n.language) }));

  const set = <K extends keyof Settings>(part: K, value: Partial<Settings[K]>) =>
    setDraft((current) => ({ ...current, [part]: { ...(current[part] as object), ...value } }));
  const pick = (value: string, apply: (language: Language) => void) => {
    if (isLanguage(value)) apply(value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    onResult(undefined);
    try {
      await saveSettings(db, draft);
      if (draft.language.primary !== i18n.language) await changeLanguage(draft.language.primary);
      onResult(navigator.onLine ? 'saved' : 'savedOffline');
    } catch {
      onResult('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={headingId} data-section="settings">
      <div className={styles.row}>
        <h2 id={headingId}>{t('dashboard.settings.title')}</h2>
        {waiting && <WaitingTag />}
      </div>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset>
          <legend>{t('dashboard.settings.notifications')}</legend>
          <div className={styles.switches}>
            {CHANNELS.map((channel) => (
              <Switch
                key={channel}
                name={`notifications-${channel}`}
                label={t(`dashboard.settings.channels.${channel}`)}
                checked={draft.notifications[channel]}
                onChange={(on) => set('notifications', { [channel]: on })}
              />
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('dashboard.settings.privacy.title')}</legend>
          <div className={styles.fields}>
            <ChoiceField
              id={`${id}-visibility`}
              label={t('dashboard.settings.privacy.visibility')}
              value={draft.privacy.profileVisibility}
              options={[
                { value: 'public', label: t('dashboard.settings.privacy.public') },
                { value: 'private', label: t('dashboard.settings.privacy.private') },
              ]}
              onValue={(value) =>
                set('privacy', { profileVisibility: value === 'private' ? 'private' : 'public' })
              }
            />
          </div>
          <div className={styles.switches}>
            <Switch
              label={t('dashboard.settings.privacy.allowContact')}
              checked={draft.privacy.allowContact}
              onChange={(on) => set('privacy', { allowContact: on })}
            />
            <Switch
              label={t('dashboard.settings.privacy.showOnMap')}
              checked={draft.privacy.showOnMap}
              onChange={(on) => set('privacy', { showOnMap: on })}
            />
            <Switch
              label={t('dashboard.settings.privacy.mailTracking')}
              checked={draft.privacy.mailTracking === true}
              onChange={(on) => set('privacy', { mailTracking: on })}
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('dashboard.settings.language.title')}</legend>
          <div className={styles.fields}>
            <ChoiceField
              id={`${id}-primary`}
              label={t('dashboard.settings.language.primary')}
              value={draft.language.primary}
              options={languages}
              onValue={(value) => pick(value, (primary) => set('language', { primary }))}
            />
            <ChoiceField
              id={`${id}-secondary`}
              label={t('dashboard.settings.language.secondary')}
              value={draft.language.secondary ?? ''}
              placeholder={t('dashboard.settings.language.none')}
              options={languages}
              onValue={(value) => set('language', { secondary: isLanguage(value) ? value : undefined })}
            />
            <ChoiceField
              id={`${id}-communication`}
              label={t('dashboard.settings.language.preferredCommunication')}
              value={draft.language.preferredCommunication}
              options={languages}
              onValue={(value) =>
                pick(value, (preferredCommunication) => set('language', { preferredCommunication }))
              }
            />
          </div>
        </fieldset>
        <div className={styles.actions}>
          <Button type="submit" disabled={busy}>
            {busy ? t('dashboard.settings.saving') : t('dashboard.settings.save')}
          </Button>
          <p
            className={`${styles.status} ${result === 'failed' ? styles.error : styles.ok}`}
            aria-live="polite"
            data-result={result}
          >
            {result === 'saved' && t('dashboard.settings.success')}
            {result === 'savedOffline' && t('dashboard.settings.successOffline')}
            {result === 'failed' && t('dashboard.settings.error')}
          </p>
        </div>
      </form>
    </section>
  );
}
