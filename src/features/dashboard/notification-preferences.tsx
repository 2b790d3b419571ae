import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataLayer } from '../../data/data-context';
import { SETTINGS_ID, saveSettings, useSettings } from '../../data/settings';
import type { Settings } from '../../data/settings';
import { useWaitingIds } from '../../data/waiting';
import type { SessionUserView } from '../../domain/account';
import { Switch } from './switch';
import styles from './tabs.module.css';
import { WaitingTag } from './waiting-tag';

export const CHANNELS = ['email', 'push', 'sms'] as const;

/**
 * The notification channels of the `settings` document, each saved as soon as it is switched
 * (offline too); the Settings tab shows the same switches.
 */
export function NotificationPreferences({ user }: { user: SessionUserView }) {
  const { t } = useTranslation();
  const { db } = useDataLayer();
  const settings = useSettings(user.preferredLanguage);
  const waiting = useWaitingIds().has(SETTINGS_ID);
  const headingId = useId();
  const [result, setResult] = useState<'saved' | 'failed'>();
  // The switch moves at once; the saved document then speaks (an override holds only while the
  // document is the one it was made on), and a failed save puts the switch back.
  const [shown, setShown] = useState<{ basis: string; values: Partial<Settings['notifications']> }>();
  if (!settings) return null;
  const overrides = shown?.basis === settings.updatedAt ? shown.values : {};
  const notifications = { ...settings.notifications, ...overrides };
  const change = async (channel: (typeof CHANNELS)[number], on: boolean) => {
    setShown({ basis: settings.updatedAt, values: { ...overrides, [channel]: on } });
    const next: Settings = { ...settings, notifications: { ...notifications, [channel]: on } };
    try {
      await saveSettings(db, next);
      setResult('saved');
    } catch {
      setShown(undefined);
      setResult('failed');
    }
  };
  return (
    <section className={styles.card} aria-labelledby={headingId} data-section="notification-preferences">
      <div className={styles.row}>
        <h2 id={headingId}>{t('dashboard.notifications.preferences.title')}</h2>
        {waiting && <WaitingTag />}
      </div>
      <p className={styles.muted}>{t('dashboard.notifications.preferences.hint')}</p>
      <div className={styles.switches}>
        {CHANNELS.map((channel) => (
          <Switch
            key={channel}
            label={t(`dashboard.settings.channels.${channel}`)}
            checked={notifications[channel]}
            onChange={(on) => void change(channel, on)}
          />
        ))}
      </div>
      <p className={`${styles.status} ${result === 'failed' ? styles.error : styles.ok}`} aria-live="polite">
        {result === 'saved' && t('dashboard.notifications.preferences.saved')}
        {result === 'failed' && t('dashboard.settings.error')}
      </p>
    </section>
  );
}
