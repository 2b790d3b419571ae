import { useTranslation } from 'react-i18next';
import type { B2bAccount } from '../../../domain/b2b';
import type { ServiceKey } from '../../../domain/promo';
import { useAdminFormat } from '../ui/use-admin-format';

/** An account's negotiated price for a service, or "standard price" when none was negotiated. */
export function usePriceText() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return (account: Pick<B2bAccount, 'prices' | 'currency'>, service: ServiceKey) => {
    const price = account.prices[service];
    return price === undefined ? t('admin.b2b.standardPrice') : format.money(price, account.currency);
  };
}
