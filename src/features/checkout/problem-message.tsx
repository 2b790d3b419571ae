import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { bookingPath, checkoutPath, loginPath, pathOf } from '../../config/paths';
import type { Currency } from '../../domain/config';
import { PAYMENT_MAX_MINOR, PAYMENT_MIN_MINOR } from '../../domain/order';
import { formatMoney } from '../../ui/intl';
import { paymentMessageOf, remedyOf } from './checkout-messages';
import type { PaymentProblem } from './checkout-messages';
import styles from './checkout.module.css';

type Props = { problem: PaymentProblem; providerId: string; currency: Currency; id?: string };

/** A problem's message, read out at once, with the way out when retrying is not it. */
export function ProblemMessage({ problem, providerId, currency, id }: Props) {
  const { t, i18n } = useTranslation();
  const message = paymentMessageOf(problem);
  const remedy = remedyOf(problem);
  const amount = formatMoney(
    message === 'amount_too_high' ? PAYMENT_MAX_MINOR : PAYMENT_MIN_MINOR,
    currency,
    i18n.language,
  );
  return (
    <div id={id} className={styles.problem} role="alert" data-problem={problem}>
      <p>{t(`checkout.errors.${message}`, { amount })}</p>
      {remedy === 'booking' && providerId && (
        <Link to={bookingPath(providerId)}>{t('checkout.remedies.booking')}</Link>
      )}
      {(remedy === 'providers' || (remedy === 'booking' && !providerId)) && (
        <Link to={pathOf('providers')}>{t('checkout.remedies.providers')}</Link>
      )}
      {remedy === 'login' && (
        <Link to={loginPath({ redirect: providerId ? checkoutPath(providerId) : undefined })}>
          {t('checkout.remedies.login')}
        </Link>
      )}
    </div>
  );
}
