/**
 * `/admin/countries`: the supported countries (spec default CA, UK, DE, ES, IT, BE, CH, LU, NL, AT),
 * each enabled for the lawyer call and the expat call or not. Each switch is saved at once, with its
 * own audit entry; the public directory filter and the booking form follow by replication, and
 * checkout refuses a booking for a country where its service is off.
 */
import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES } from '../../../domain/countries';
import { SERVICES } from '../../../domain/promo';
import type { ServiceKey } from '../../../domain/promo';
import type { CountryAvailability } from '../../../domain/service-countries';
import { Button } from '../../../ui/button';
import { CheckboxField, ChoiceField } from '../../../ui/form-field';
import { countryName } from '../../../ui/intl';
import { adminSend } from '../admin-api';
import { useAdminErrorText } from '../ui/admin-error';
import { AdminPage } from '../ui/admin-page';
import { AuditTrail } from '../ui/audit-trail';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAdminQuery } from '../ui/use-admin-query';
import formStyles from '../pricing/admin-form.module.css';
import styles from './countries.module.css';

type CountriesAnswer = { countries: CountryAvailability[]; updatedAt?: string };

export function CountriesPage() {
  const { t } = useTranslation();
  const errorText = useAdminErrorText('countries');
  const [changes, setChanges] = useState(0);
  const [history, setHistory] = useState<string>();
  const result = useAdminQuery<CountriesAnswer>('countries', {}, changes);
  const changed = (code: string) => {
    setHistory(code);
    setChanges((n) => n + 1);
  };
  return (
    <AdminPage title={t('admin.countries.title')} subtitle={t('admin.countries.subtitle')}>
      {result.status === 'loading' && !result.data && <p role="status">{t('admin.common.loading')}</p>}
      {result.status === 'error' && (
        <div role="alert" className={formStyles.failure}>
          <p>{errorText(result.error)}</p>
          <Button variant="secondary" size="small" onClick={result.reload}>
            {t('admin.common.retry')}
          </Button>
        </div>
      )}
      {result.status === 'ready' && (
        <>
          <CountryTable countries={result.data.countries} onChanged={changed} onHistory={setHistory} />
          <AddCountry listed={result.data.countries} onAdded={changed} />
        </>
      )}
      {history && <AuditTrail kind="country" id={history} reloadKey={changes} />}
    </AdminPage>
  );
}

type RowChange = (code: string) => void;

function CountryTable({
  countries,
  onChanged,
  onHistory,
}: {
  countries: CountryAvailability[];
  onChanged: RowChange;
  onHistory: RowChange;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const sorted = useMemo(
    () =>
      [...countries].sort((a, b) =>
        countryName(a.code, locale).localeCompare(countryName(b.code, locale), locale),
      ),
    [countries, locale],
  );
  return (
    <div className={styles.scroller}>
      <table className={styles.table} data-testid="countries-table">
        <caption className="visually-hidden">{t('admin.countries.listLabel')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.countries.columns.country')}</th>
            {SERVICES.map((service) => (
              <th key={service} scope="col" className={styles.center}>
                {t(`admin.countries.service.${service}`)}
              </th>
            ))}
            <th scope="col" className={styles.end}>
              {t('admin.common.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((country) => (
            <CountryRow key={country.code} country={country} onChanged={onChanged} onHistory={onHistory} />
          ))}
        </tbody>
      </table>
      {countries.length === 0 && <p className={styles.empty}>{t('admin.countries.empty')}</p>}
    </div>
  );
}

function CountryRow({
  country,
  onChanged,
  onHistory,
}: {
  country: CountryAvailability;
  onChanged: RowChange;
  onHistory: RowChange;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useAdminErrorText('countries');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [removing, setRemoving] = useState(false);
  const name = countryName(country.code, i18n.language);

  const toggle = async (service: ServiceKey, on: boolean) => {
    setBusy(true);
    setFailure(undefined);
    try {
      const { code: _code, ...services } = { ...country, [service]: on };
      await adminSend('PUT', `countries/${country.code}`, services);
      onChanged(country.code);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <tr data-country={country.code} aria-busy={busy}>
      <th scope="row">
        <span className={styles.name}>{name}</span> <span className={styles.code}>{country.code}</span>
        {!country.lawyerCall && !country.expatCall && (
          <span className={styles.off}>{t('admin.countries.noService')}</span>
        )}
        {failure && (
          <span role="alert" className={styles.failure}>
            {failure}
          </span>
        )}
      </th>
      {SERVICES.map((service) => (
        <td key={service} className={styles.center}>
          <input
            type="checkbox"
            className={styles.switch}
            checked={country[service]}
            disabled={busy}
            aria-label={t('admin.countries.toggle', {
              service: t(`admin.countries.service.${service}`),
              country: name,
            })}
            onChange={(event) => void toggle(service, event.target.checked)}
          />
        </td>
      ))}
      <td className={styles.end}>
        <span className={styles.actions}>
          <Button variant="ghost" size="small" onClick={() => onHistory(country.code)}>
            {t('admin.countries.history')}
          </Button>
          <Button variant="ghost" size="small" disabled={busy} onClick={() => setRemoving(true)}>
            {t('admin.countries.remove')}
          </Button>
        </span>
        <ConfirmDialog
          open={removing}
          danger
          title={t('admin.countries.removeTitle', { country: name })}
          confirmLabel={t('admin.countries.remove')}
          errorArea="countries"
          onConfirm={() => adminSend('DELETE', `countries/${country.code}`)}
          onDone={() => onChanged(country.code)}
          onClose={() => setRemoving(false)}
        >
          <p>{t('admin.countries.removeBody')}</p>
        </ConfirmDialog>
      </td>
    </tr>
  );
}

/** Adds a country to the list, with the services it starts with. */
function AddCountry({ listed, onAdded }: { listed: CountryAvailability[]; onAdded: RowChange }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const errorText = useAdminErrorText('countries');
  const [code, setCode] = useState('');
  const [services, setServices] = useState<Record<ServiceKey, boolean>>({
    lawyerCall: true,
    expatCall: true,
  });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const options = useMemo(() => {
    const taken = new Set(listed.map((country) => country.code));
    return COUNTRY_CODES.filter((candidate) => !taken.has(candidate))
      .map((candidate) => ({ value: candidate, label: countryName(candidate, locale) }))
      .sort((a, b) => a.label.localeCompare(b.label, locale));
  }, [listed, locale]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code) {
      setError(t('admin.countries.errors.required'));
      document.getElementById('country-add-code')?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await adminSend('PUT', `countries/${code}`, services);
      setCode('');
      onAdded(code);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={formStyles.card} onSubmit={(event) => void submit(event)} noValidate>
      <h2 className={formStyles.cardTitle}>{t('admin.countries.addTitle')}</h2>
      <ChoiceField
        className={formStyles.narrow}
        id="country-add-code"
        label={t('admin.countries.columns.country')}
        placeholder={t('admin.countries.choose')}
        value={code}
        options={options}
        error={error}
        onValue={(value) => {
          setCode(value);
          setError(undefined);
        }}
      />
      <div className={formStyles.checks}>
        {SERVICES.map((service) => (
          <CheckboxField
            key={service}
            id={`country-add-${service}`}
            label={t(`admin.countries.service.${service}`)}
            checked={services[service]}
            onValue={(on) => setServices((current) => ({ ...current, [service]: on }))}
          />
        ))}
      </div>
      <div className={formStyles.footer}>
        <Button type="submit" disabled={busy}>
          {t('admin.countries.add')}
        </Button>
      </div>
    </form>
  );
}
