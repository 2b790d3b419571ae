/**
 * The affiliate a screen is narrowed to (`?affiliate=<id>` in the URL, so the page can be reloaded
 * and shared), chosen among the affiliates by name (the first hundred: a console for a partner
 * programme, not a directory); an id from a link that is not among them is still offered.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { AffiliateView } from '../../../domain/affiliates';
import { SelectField } from '../../../ui/select-field';
import { useAdminQuery } from '../ui/use-admin-query';

const PICKED = 100;

export function useChosenAffiliate(): [string, (id: string) => void] {
  const [params, setParams] = useSearchParams();
  return [
    params.get('affiliate') ?? '',
    (next) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('affiliate', next);
        else copy.delete('affiliate');
        copy.delete('token');
        return copy;
      }),
  ];
}

export function AffiliatePicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const result = useAdminQuery<{ items: AffiliateView[] }>('affiliates', { limit: PICKED });
  const options = (result.data?.items ?? []).map((affiliate) => ({
    value: affiliate.id,
    label: `${affiliate.name} (${affiliate.code})`,
  }));
  if (value && !options.some((option) => option.value === value)) options.push({ value, label: value });
  return (
    <SelectField
      label={t('admin.affiliates.commissions.affiliate')}
      value={value}
      anyLabel={t('admin.affiliates.commissions.anyAffiliate')}
      options={options}
      onChange={onChange}
    />
  );
}
