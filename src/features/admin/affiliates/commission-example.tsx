/**
 * The rate field's hint: the platform's commission, and what the affiliate earns on one lawyer call
 * at the rate being typed ("Sur un appel avocat à 49 € : 1,47 €"), by the rule the service applies
 * (src/domain/affiliates.ts). Price and commission are the console's current ones (pricing and
 * settings screens), the defaults while they are read.
 */
import { useTranslation } from 'react-i18next';
import { affiliateCommission } from '../../../domain/affiliates';
import type { Pricing } from '../../../domain/config';
import { DEFAULT_PLATFORM_COMMISSION } from '../../../domain/constants';
import { splitCommission } from '../../../domain/order';
import { defaultPricing } from '../../../domain/platform-defaults';
import { useAdminFormat } from '../ui/use-admin-format';
import { useAdminQuery } from '../ui/use-admin-query';

const validRate = (rate: number | undefined): rate is number =>
  rate !== undefined && Number.isFinite(rate) && rate > 0 && rate <= 1;

export function CommissionExample({ rate }: { rate: number | undefined }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const settings = useAdminQuery<{ settings: { platformCommission: number } }>('settings');
  const pricing = useAdminQuery<{ pricing: Pricing }>('pricing');
  const commissionRate = settings.data?.settings.platformCommission ?? DEFAULT_PLATFORM_COMMISSION;
  const price = (pricing.data?.pricing ?? defaultPricing()).lawyerCall.prices.EUR;
  const { commission } = splitCommission(price, commissionRate);
  return (
    <>
      {t('admin.affiliates.hints.rate', { commission: format.percent(commissionRate) })}
      {validRate(rate) && (
        <>
          {' '}
          <strong data-commission-example>
            {t('admin.affiliates.hints.example', {
              price: format.money(price, 'EUR'),
              earned: format.money(affiliateCommission(commission, rate), 'EUR'),
            })}
          </strong>
        </>
      )}
    </>
  );
}
