import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { bookingPath, paymentSuccessPath, pathOf } from '../../config/paths';
import { useSession } from '../../data/auth';
import {
  createCheckout,
  forgetCheckoutAttempt,
  idempotencyKeyFor,
  loadCheckoutOptions,
  purchaseFingerprint,
  validatePromoCode,
} from '../../data/checkout';
import type { CheckoutOptions } from '../../data/checkout';
import { useConfigRefresh, useConfigState, usePricingRefresh } from '../../data/config';
import { useLiveProviders, useProvider } from '../../data/providers';
import { useBrowserOnline } from '../../data/use-online';
import { bookingProblems, normalizeBooking } from '../../domain/booking';
import type { Currency, Pricing } from '../../domain/config';
import { CALL_ATTEMPTS_BEFORE_REFUND, CALLBACK_TARGET_MINUTES } from '../../domain/constants';
import { DEMO_CARD_HINTS } from '../../domain/demo-mode';
import { quote, serviceOfRole } from '../../domain/order';
import type { AppliedCoupon, CheckoutResponse, DemoProviderLine, Quote } from '../../domain/order';
import { couponDiscount } from '../../domain/promo';
import type { Provider } from '../../domain/provider';
import { b2bQuote } from '../../domain/b2b';
import { BackLink } from '../../ui/back-link';
import { Button } from '../../ui/button';
import { formatMoney } from '../../ui/intl';
import { PageLoading } from '../../ui/page-loading';
import { clearBookingDraft, readBookingDraft } from '../../data/booking-draft';
import type { BookingDraft } from '../../data/booking-draft';
import { problemOf } from './checkout-messages';
import type { PaymentProblem } from './checkout-messages';
import { BillingChoice, useBillingAccounts } from './billing-choice';
import { ConfirmDialog } from './confirm-dialog';
import { browserLanguages, defaultCurrency } from './currency';
import { DemoBanner, DemoLines } from './demo-hints';
import { OrderSummary } from './order-summary';
import { ProblemMessage } from './problem-message';
import { SimulatedPayment } from './simulated-payment';
import { StripePayment } from './stripe-payment';
import styles from './checkout.module.css';

/**
 * `/call-checkout/:providerId`: the summary of the call being bought (expert, service, price in
 * euros or dollars, promo code, total), then the card. The figures come from `quote()` on the
 * replicated pricing, the function the server uses too, and the total shown is the one the server
 * must agree with. The page renders offline from RxDB and the booking draft; paying needs a connection.
 */
export function CheckoutPage() {
  const { providerId = '' } = useParams();
  useLiveProviders();
  useConfigRefresh();
  const { provider, status } = useProvider({ id: providerId });
  const pricing = useConfigState('pricing');
  if (status === 'loading' || pricing.status === 'loading') return <PageLoading />;
  if (!provider) {
    return (
      <Frame providerId={providerId}>
        <div className={styles.card}>
          <ProblemMessage
            problem={providerId ? 'provider_not_found' : 'missing_data'}
            providerId=""
            currency="EUR"
          />
        </div>
      </Frame>
    );
  }
  return <Checkout key={provider.id} provider={provider} pricing={pricing.value} />;
}

function Frame({ providerId, children }: { providerId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={`container ${styles.page}`}>
      {providerId ? (
        <BackLink to={bookingPath(providerId)}>{t('checkout.backToRequest')}</BackLink>
      ) : (
        <BackLink to={pathOf('providers')}>{t('checkout.backToProviders')}</BackLink>
      )}
      <header className={styles.header}>
        <h1>{t('screens.callCheckout')}</h1>
        <p>{t('checkout.subtitle')}</p>
      </header>
      {children}
    </div>
  );
}

/** Why the draft cannot be paid: gone or incomplete, or only its phone number is wrong. */
function draftProblem(draft: BookingDraft | undefined, provider: Provider): PaymentProblem | undefined {
  if (!draft) return 'missing_data';
  const problems = Object.entries(bookingProblems(draft, provider.languages));
  if (problems.length === 0) return undefined;
  return problems.every(([, code]) => code === 'phone_invalid') ? 'phone_invalid' : 'missing_data';
}

type Figures = { quote: Quote } | { problem: PaymentProblem };

function Checkout({ provider, pricing }: { provider: Provider; pricing: Pricing | undefined }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const online = useBrowserOnline();
  const { user } = useSession();
  const [draft] = useState(() => readBookingDraft(provider.id));
  const service = serviceOfRole(provider.role);
  const [chosenCurrency, setCurrency] = useState<Currency>(() => defaultCurrency(browserLanguages()));
  const [coupon, setCoupon] = useState<AppliedCoupon>();
  const [options, setOptions] = useState<CheckoutOptions>();
  const [providerLine, setProviderLine] = useState<DemoProviderLine>('answers');
  const [order, setOrder] = useState<CheckoutResponse>();
  const [confirming, setConfirming] = useState(false);
  const [creating, setCreating] = useState(false);
  const [problem, setProblem] = useState<PaymentProblem>();
  const paymentHeading = useRef<HTMLHeadingElement>(null);
  const refreshPricing = usePricingRefresh();
  // The standard price first shown in each currency: a change while the page is open is said.
  const [firstSeen, setFirstSeen] = useState<Partial<Record<Currency, number>>>({});
  // A B2B member may have the call billed to their company (billing-choice.tsx) instead of a card.
  const accounts = useBillingAccounts(online && !!user);
  const [billingId, setBillingId] = useState<string>();
  const billingAccount = accounts.find((account) => account.accountId === billingId);

  useEffect(() => {
    if (!online) return;
    let alive = true;
    loadCheckoutOptions().then(
      (answer) => alive && setOptions(answer),
      () => undefined, // The hints are optional: the order's answer names the gateway anyway.
    );
    return () => {
      alive = false;
    };
  }, [online]);

  useEffect(() => {
    if (order) paymentHeading.current?.focus();
  }, [order]);

  const currency = order?.quote.currency ?? billingAccount?.currency ?? chosenCurrency;
  const accountQuote = billingAccount && b2bQuote(pricing, service, billingAccount);
  const priced = billingAccount
    ? accountQuote
      ? { ok: true as const, quote: accountQuote }
      : { ok: false as const, problem: 'service_unavailable' as const }
    : pricing
      ? quote(pricing, service, currency, coupon)
      : undefined;
  const figures: Figures = order
    ? { quote: order.quote }
    : !priced
      ? { problem: 'payment_config_invalid' }
      : priced.ok
        ? { quote: priced.quote }
        : { problem: priced.problem };
  const standard = pricing?.[service]?.prices[currency];
  if (!order && standard !== undefined && firstSeen[currency] === undefined) {
    setFirstSeen((seen) => ({ ...seen, [currency]: standard }));
  }
  const shownBefore = firstSeen[currency];
  const priceChanged =
    !order &&
    !billingAccount &&
    standard !== undefined &&
    shownBefore !== undefined &&
    shownBefore !== standard;
  const locale = i18n.language;
  const total = 'quote' in figures ? formatMoney(figures.quote.total, currency, locale) : '';
  const duration = order?.quote.durationMinutes ?? pricing?.[service]?.durationMinutes;
  const durationText = duration !== undefined ? t('checkout.minutes', { count: duration }) : '';
  const telephonySimulated = options?.telephony === 'simulated';

  const blocker = useMemo<PaymentProblem | undefined>(() => {
    if (user?.uid === provider.id) return 'self_booking';
    if (!order && (!provider.isActive || !provider.isOnline)) return 'provider_unavailable';
    return draftProblem(draft, provider);
  }, [user?.uid, provider, order, draft]);

  const create = async () => {
    if (!draft || !priced?.ok) return;
    const purchase = {
      providerId: provider.id,
      service,
      currency,
      ...(priced.quote.coupon ? { promoCode: priced.quote.coupon.code } : {}),
      booking: normalizeBooking(draft),
      expectedTotal: priced.quote.total,
      ...(telephonySimulated ? { demo: { providerLine } } : {}),
      ...(billingAccount ? { billing: { accountId: billingAccount.accountId } } : {}),
    };
    setCreating(true);
    setProblem(undefined);
    try {
      const idempotencyKey = idempotencyKeyFor(provider.id, purchaseFingerprint(purchase));
      const answer = await createCheckout({ ...purchase, idempotencyKey });
      // Billed to the company: authorised at once, nothing to pay here.
      if (answer.payment?.gateway === 'account') paid(answer.orderId);
      else if (!answer.payment?.clientSecret) setProblem('missing_client_secret');
      else setOrder(answer);
    } catch (error) {
      const found = problemOf(error);
      if (found !== 'amount_mismatch') setProblem(found);
      else setProblem(await repriced(purchase.expectedTotal));
    } finally {
      setCreating(false);
      setConfirming(false);
    }
  };

  /**
   * The server priced the order differently from the page: the price (or the code) changed since
   * the page showed it. The page takes the current price and code, and says so before another try.
   */
  const repriced = async (sent: number): Promise<PaymentProblem> => {
    const fresh = await refreshPricing();
    let freshCoupon = coupon;
    if (coupon) {
      const check = await validatePromoCode(coupon.code, service);
      freshCoupon = check.kind === 'valid' ? check.coupon : undefined;
      setCoupon(freshCoupon);
    }
    const now = fresh ? quote(fresh, service, currency, freshCoupon) : undefined;
    return now?.ok && now.quote.total !== sent ? 'price_changed' : 'amount_mismatch';
  };

  const paid = (orderId: string) => {
    clearBookingDraft(provider.id);
    forgetCheckoutAttempt(provider.id);
    navigate(paymentSuccessPath(orderId), { replace: true });
  };

  const problemNode = problem && (
    <ProblemMessage problem={problem} providerId={provider.id} currency={currency} />
  );

  if (blocker) {
    return (
      <Frame providerId={provider.id}>
        <div className={styles.card}>
          <ProblemMessage problem={blocker} providerId={provider.id} currency={currency} />
        </div>
      </Frame>
    );
  }

  const publishableKey = order?.payment.publishableKey ?? options?.publishableKey;
  return (
    <Frame providerId={provider.id}>
      {!online && (
        <p className={styles.offline} role="status">
          {t('checkout.offline')}
        </p>
      )}
      <div className={styles.columns}>
        <OrderSummary
          provider={provider}
          service={service}
          currency={currency}
          figures={figures}
          durationMinutes={duration}
          promoDiscount={
            coupon && !billingAccount && standard !== undefined
              ? couponDiscount(coupon, { amount: standard, currency })
              : 0
          }
          promoAvailable={Number.isInteger(standard)}
          phone={draft?.phone ? normalizeBooking(draft).phone : undefined}
          locked={!!order || !!billingAccount}
          onCurrency={setCurrency}
          coupon={billingAccount ? undefined : coupon}
          onCoupon={setCoupon}
        />
        <section className={`${styles.card} ${styles.payment}`} aria-labelledby="payment-title">
          <h2 id="payment-title" ref={paymentHeading} tabIndex={-1}>
            {order ? t('checkout.card.title') : t('checkout.paymentTitle')}
          </h2>
          {!order && (
            <>
              {options?.payments === 'simulated' && <DemoBanner />}
              {telephonySimulated && <DemoLines value={providerLine} onChange={setProviderLine} />}
              {accounts.length > 0 && (
                <BillingChoice accounts={accounts} value={billingId} onChange={setBillingId} />
              )}
              {!billingAccount && <Guarantees />}
              {priceChanged && (
                <p className={styles.priceChanged} role="status" data-testid="checkout-price-changed">
                  {t('checkout.priceChanged', {
                    before: formatMoney(shownBefore, currency, locale),
                    after: formatMoney(standard, currency, locale),
                  })}
                </p>
              )}
              {problemNode}
              <Button
                className={`${styles.payButton} ${billingAccount ? styles.billed : ''}`}
                disabled={!online || !priced?.ok || creating}
                onClick={() => setConfirming(true)}
              >
                {billingAccount
                  ? t('checkout.billing.book', { amount: total, company: billingAccount.name })
                  : t('checkout.pay', { amount: total })}
              </Button>
            </>
          )}
          {order?.payment.gateway === 'simulated' && (
            <SimulatedPayment
              order={order}
              amount={total}
              online={online}
              testCards={options?.testCards?.length ? options.testCards : DEMO_CARD_HINTS}
              onPaid={paid}
              onProblem={setProblem}
            >
              {problemNode}
            </SimulatedPayment>
          )}
          {order?.payment.gateway === 'stripe' &&
            (publishableKey ? (
              <StripePayment
                order={order}
                publishableKey={publishableKey}
                amount={total}
                online={online}
                onPaid={paid}
                onProblem={setProblem}
              >
                {problemNode}
              </StripePayment>
            ) : (
              <ProblemMessage problem="payment_config_invalid" providerId={provider.id} currency={currency} />
            ))}
          {order && (
            <Button
              variant="ghost"
              className={styles.changeOrder}
              onClick={() => {
                setOrder(undefined);
                setProblem(undefined);
              }}
            >
              {t('checkout.card.changeOrder')}
            </Button>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={confirming}
        busy={creating}
        amount={total}
        service={t(`checkout.services.${service}`)}
        duration={durationText}
        providerName={provider.fullName}
        billedTo={billingAccount?.name}
        onConfirm={() => void create()}
        onCancel={() => setConfirming(false)}
      />
    </Frame>
  );
}

function Guarantees() {
  const { t } = useTranslation();
  return (
    <ul className={styles.guarantees}>
      <li>{t('checkout.guarantees.hold')}</li>
      <li>{t('checkout.guarantees.refund', { count: CALL_ATTEMPTS_BEFORE_REFUND })}</li>
      <li>{t('checkout.guarantees.callback', { count: CALLBACK_TARGET_MINUTES })}</li>
    </ul>
  );
}
