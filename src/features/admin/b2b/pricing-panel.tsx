/**
 * An account's negotiated prices, per service, in its currency (an empty field: the platform's
 * standard price). Entered in major units, sent in minor units.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { ApiError } from '../../../data/api';
import type { B2bAccount } from '../../../domain/b2b';
import { SERVICES } from '../../../domain/promo';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/form-field';
import { adminSend } from '../admin-api';
import { useAdminErrorText } from '../ui/admin-error';
import form from '../pricing/admin-form.module.css';

/** 3950 → "39,50" (fr) or "39.50" (en): the amount as the admin types it in their language. */
const toText = (minor: number | undefined, locale: string) =>
  minor === undefined
    ? ''
    : (minor / 100).toLocaleString(locale, { minimumFractionDigits: 2, useGrouping: false });

/** "39", "39.5", "39,50" → 3950; empty → null (standard price); anything else → NaN. */
function toMinor(text: string): number | null {
  const clean = text.trim().replace(',', '.');
  if (!clean) return null;
  return /^\d+(\.\d{1,2})?$/.test(clean) ? Math.round(Number(clean) * 100) : Number.NaN;
}

export function PricingPanel({
  account,
  onSaved,
}: {
  account: B2bAccount;
  onSaved: (account: B2bAccount) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const errorText = useAdminErrorText('b2b');
  const [texts, setTexts] = useState(() =>
    Object.fromEntries(SERVICES.map((service) => [service, toText(account.prices[service], i18n.language)])),
  );
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [saved, setSaved] = useState(false);

  const save = async () => {
    setFailure(undefined);
    setSaved(false);
    const body: Record<string, number | null> = {};
    const problems: Record<string, string> = {};
    for (const service of SERVICES) {
      const minor = toMinor(texts[service] ?? '');
      if (Number.isNaN(minor)) problems[service] = 'value_invalid';
      else body[service] = minor;
    }
    setFields(problems);
    if (Object.keys(problems).length) return;
    try {
      const answer = await adminSend<{ account: B2bAccount }>(
        'PUT',
        `b2b/accounts/${account.id}/prices`,
        body,
      );
      onSaved(answer.account);
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError) setFields(error.fields);
      setFailure(errorText(error));
    }
  };

  return (
    <form
      className={form.card}
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2 id={`${id}-title`} className={form.cardTitle}>
        {t('admin.b2b.pricing.title')}
      </h2>
      <p className={form.hint}>{t('admin.b2b.pricing.hint', { currency: account.currency })}</p>
      <div className={form.row}>
        {SERVICES.map((service) => (
          <TextField
            key={service}
            id={`${id}-${service}`}
            inputMode="decimal"
            label={`${t(`admin.b2b.services.${service}`)} (${account.currency})`}
            placeholder={t('admin.b2b.standardPrice')}
            value={texts[service] ?? ''}
            error={fields[service] ? t(`admin.b2b.fieldErrors.${fields[service]}` as ParseKeys) : undefined}
            onValue={(value) => {
              setTexts((current) => ({ ...current, [service]: value }));
              setSaved(false);
            }}
          />
        ))}
      </div>
      {failure && (
        <p role="alert" className={form.failure}>
          {failure}
        </p>
      )}
      <div className={form.footer}>
        <Button type="submit">{t('admin.b2b.pricing.save')}</Button>
        {saved && (
          <p role="status" className={form.status}>
            {t('admin.b2b.saved')}
          </p>
        )}
      </div>
    </form>
  );
}
