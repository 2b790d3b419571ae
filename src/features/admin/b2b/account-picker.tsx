/**
 * The account a screen is about (members, pricing, reports), kept in the URL (`?account=`) so that
 * the page can be reloaded and shared.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { B2bAccount } from '../../../domain/b2b';
import { SelectField } from '../../../ui/select-field';
import { useAccountChoices } from './b2b-view';

export function useChosenAccount(): [string, (id: string) => void] {
  const [params, setParams] = useSearchParams();
  const id = params.get('account') ?? '';
  return [
    id,
    (next) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('account', next);
        else copy.delete('account');
        return copy;
      }),
  ];
}

export function AccountPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const accounts: B2bAccount[] = useAccountChoices();
  return (
    <SelectField
      label={t('admin.b2b.account')}
      value={value}
      anyLabel={t('admin.b2b.chooseAccount')}
      options={accounts.map((account) => ({ value: account.id, label: account.name }))}
      onChange={onChange}
    />
  );
}
