/**
 * `/admin/settings`: the platform settings of the spec (services switched on, commission, longest
 * call, ring time, interface languages; the supported countries are shown here and edited on their
 * own screen) and the seller identity that invoices print. Both are saved into `config/settings`
 * (browsers replicate it) and apply from the next order or invoice on, never to one under way.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { InvoicingSettings } from '../../../domain/invoice';
import type { PlatformSettingsView } from './platform-settings-form';
import { countryName } from '../../../ui/intl';
import { adminPath } from '../screens';
import { AdminPage } from '../ui/admin-page';
import { useAdminErrorText } from '../ui/admin-error';
import { useAdminQuery } from '../ui/use-admin-query';
import { HistoryToggle } from '../pricing/history-toggle';
import styles from '../pricing/admin-form.module.css';
import { InvoicingForm } from './invoicing-form';
import { PlatformSettingsForm } from './platform-settings-form';

export function SettingsPage() {
  const { t, i18n } = useTranslation();
  const errorText = useAdminErrorText('settings');
  const [saves, setSaves] = useState(0);
  const platform = useAdminQuery<{ settings: PlatformSettingsView }>('settings');
  const invoicing = useAdminQuery<{ invoicing: InvoicingSettings }>('settings/invoicing');
  const saved = () => setSaves((n) => n + 1);
  return (
    <AdminPage title={t('admin.settings.title')} subtitle={t('admin.settings.subtitle')}>
      {platform.status === 'loading' && <p role="status">{t('admin.common.loading')}</p>}
      {platform.status === 'error' && (
        <p role="alert" className={styles.failure}>
          {errorText(platform.error)}
        </p>
      )}
      {platform.status === 'ready' && (
        <>
          <PlatformSettingsForm initial={platform.data.settings} onSaved={saved} />
          <section className={styles.card} aria-labelledby="settings-countries">
            <h2 id="settings-countries" className={styles.cardTitle}>
              {t('admin.settings.countriesTitle')}
            </h2>
            <p className={styles.hint}>
              {platform.data.settings.supportedCountries
                .map((code) => countryName(code === 'UK' ? 'GB' : code, i18n.language))
                .join(', ')}
            </p>
            <Link to={adminPath('countries')}>{t('admin.settings.countriesLink')}</Link>
          </section>
          <HistoryToggle
            label={t('admin.settings.historyPlatform')}
            kind="settings"
            id="platform"
            reloadKey={saves}
          />
        </>
      )}
      {invoicing.status === 'error' && (
        <p role="alert" className={styles.failure}>
          {errorText(invoicing.error)}
        </p>
      )}
      {invoicing.status === 'ready' && (
        <>
          <InvoicingForm initial={invoicing.data.invoicing} onSaved={saved} />
          <HistoryToggle
            label={t('admin.settings.historySeller')}
            kind="settings"
            id="invoicing"
            reloadKey={saves}
          />
        </>
      )}
    </AdminPage>
  );
}
