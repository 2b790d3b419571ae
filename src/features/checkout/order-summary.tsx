import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validatePromoCode } from '../../data/checkout';
import type { PromoCheck } from '../../data/checkout';
import { CURRENCIES } from '../../domain/config';
import type { Currency } from '../../domain/config';
import type { AppliedCoupon, Quote } from '../../domain/order';
import type { ServiceKey } from '../../domain/promo';
import type { Provider } from '../../domain/provider';
import { Button } from '../../ui/button';
import { countryName, formatMoney } from '../../ui/intl';
import { ProviderPhoto } from '../../ui/provider-photo';
import { SegmentedControl } from '../../ui/segmented-control';
import { ProblemMessage } from './problem-message';
import type { PaymentProblem } from './checkout-messages';
import styles from './checkout.module.css';

type Props = {
  provider: Provider;
  service: ServiceKey;
  currency: Currency;
  /** The figures to show, or why there are none. */
  figures: { quote: Quote } | { problem: PaymentProblem };
  durationMinutes: number | undefined;
  /** What the applied code takes off the standard price in this currency (0: nothing). */
  promoDiscount: number;
  /** Whether a code can be tried at all (the price is known). */
  promoAvailable: boolean;
  phone: string | undefined;
  /** Once the order exists, its currency and code are fixed. */
  locked: boolean;
  onCurrency: (currency: Currency) => void;
  coupon: AppliedCoupon | undefined;
  onCoupon: (coupon: AppliedCoupon | undefined) => void;
};

/** What is being bought: the expert, the call, the price in the chosen currency, the promo code, the total. */
export function OrderSummary(props: Props) {
  const { provider, service, currency, figures, durationMinutes, phone, locked } = props;
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (amount: number) => formatMoney(amount, currency, locale);
  return (
    <section className={`${styles.card} ${styles.summary}`} aria-labelledby="summary-title">
      <h2 id="summary-title">{t('checkout.summaryTitle')}</h2>
      <div className={styles.expert}>
        <ProviderPhoto className={styles.photo} src={provider.profilePhoto} size={64} />
        <div>
          <p className={styles.expertName}>{provider.fullName}</p>
          <p className={styles.expertRole}>
            {t(`professions.${provider.profession}`)} · {countryName(provider.country, locale)}
          </p>
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('checkout.service')}</dt>
          <dd>
            {t(`checkout.services.${service}`)}
            {durationMinutes !== undefined && ` · ${t('checkout.minutes', { count: durationMinutes })}`}
          </dd>
        </div>
        {phone && (
          <div>
            <dt>{t('checkout.callback')}</dt>
            <dd dir="ltr">{parsePhoneNumberFromString(phone)?.formatInternational() ?? phone}</dd>
          </div>
        )}
      </dl>
      {!locked && (
        <SegmentedControl
          label={t('checkout.currency')}
          value={currency}
          segments={CURRENCIES.map((code) => ({
            value: code,
            label: code === 'EUR' ? t('checkout.euro') : t('checkout.dollar'),
          }))}
          onChange={props.onCurrency}
          className={styles.currency}
        />
      )}
      {!locked && props.promoAvailable && (
        <PromoForm
          service={service}
          currency={currency}
          discount={props.promoDiscount}
          coupon={props.coupon}
          onCoupon={props.onCoupon}
        />
      )}
      {'quote' in figures ? (
        <dl className={styles.figures} data-testid="checkout-figures">
          <div>
            <dt>{t('checkout.standardPrice')}</dt>
            <dd>{money(figures.quote.standard)}</dd>
          </div>
          {figures.quote.discount > 0 && (
            <div className={styles.discount}>
              <dt>
                {t('checkout.discount')}
                {figures.quote.coupon && ` (${figures.quote.coupon.code})`}
              </dt>
              <dd>−{money(figures.quote.discount)}</dd>
            </div>
          )}
          <div className={styles.total}>
            <dt>{t('checkout.total')}</dt>
            <dd data-testid="checkout-total">{money(figures.quote.total)}</dd>
          </div>
        </dl>
      ) : (
        <ProblemMessage problem={figures.problem} providerId={provider.id} currency={currency} />
      )}
    </section>
  );
}

type PromoProps = {
  service: ServiceKey;
  currency: Currency;
  discount: number;
  coupon: AppliedCoupon | undefined;
  onCoupon: (coupon: AppliedCoupon | undefined) => void;
};

/** The promo code field: checked with the server, then applied to the figures with `quote()`. */
function PromoForm({ service, currency, discount, coupon, onCoupon }: PromoProps) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState(coupon?.code ?? '');
  const [check, setCheck] = useState<PromoCheck>();
  const [checking, setChecking] = useState(false);

  const apply = async () => {
    setChecking(true);
    const answer = await validatePromoCode(code, service);
    setChecking(false);
    setCheck(answer);
    onCoupon(answer.kind === 'valid' ? answer.coupon : undefined);
  };

  let message: { ok: boolean; text: string } | undefined;
  if (check?.kind === 'error') message = { ok: false, text: t(`checkout.promo.errors.${check.code}`) };
  else if (coupon && discount > 0)
    message = {
      ok: true,
      text: t('checkout.promo.applied', {
        code: coupon.code,
        amount: formatMoney(discount, currency, i18n.language),
      }),
    };
  else if (coupon)
    message = {
      ok: false,
      text: t('checkout.promo.otherCurrency', {
        currency: currency === 'EUR' ? t('checkout.euro') : t('checkout.dollar'),
      }),
    };

  return (
    <form
      className={styles.promo}
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <label htmlFor="checkout-promo">{t('checkout.promo.label')}</label>
      <div className={styles.promoRow}>
        <input
          id="checkout-promo"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={message ? 'checkout-promo-status' : undefined}
        />
        <Button type="submit" variant="secondary" disabled={checking}>
          {checking ? t('checkout.promo.checking') : t('checkout.promo.apply')}
        </Button>
        {coupon && (
          <Button
            variant="ghost"
            onClick={() => {
              onCoupon(undefined);
              setCheck(undefined);
              setCode('');
            }}
          >
            {t('checkout.promo.remove')}
          </Button>
        )}
      </div>
      <p
        id="checkout-promo-status"
        role="status"
        className={message ? (message.ok ? styles.promoOk : styles.promoError) : styles.promoEmpty}
      >
        {message?.text}
      </p>
    </form>
  );
}
