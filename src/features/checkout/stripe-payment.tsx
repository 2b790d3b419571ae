import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { Stripe, StripeElements, StripeElementLocale } from '@stripe/stripe-js';
import { useTranslation } from 'react-i18next';
import { paymentSuccessPath } from '../../config/paths';
import { confirmOrder } from '../../data/checkout';
import { resolveLanguage } from '../../domain/languages';
import type { CheckoutResponse } from '../../domain/order';
import { Button } from '../../ui/button';
import { intentStatusProblem, problemOf, stripeErrorProblem } from './checkout-messages';
import type { PaymentProblem } from './checkout-messages';
import { loadStripeJs } from './stripe-loader';
import styles from './checkout.module.css';

type Props = {
  order: CheckoutResponse;
  publishableKey: string;
  amount: string;
  online: boolean;
  onPaid: (orderId: string) => void;
  onProblem: (problem: PaymentProblem | undefined) => void;
  children?: ReactNode;
};

type Ready = { stripe: Stripe; elements: StripeElements };

/**
 * The real card payment: Stripe's Payment Element in the page, `confirmPayment` without leaving it
 * (3-D Secure is Stripe.js's own dialog), then the service checks the PaymentIntent and starts the
 * call. A refused card leaves the element as it was; another try confirms the same PaymentIntent.
 */
export function StripePayment({ order, publishableKey, amount, online, onPaid, onProblem, children }: Props) {
  const { t, i18n } = useTranslation();
  const mount = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<Ready>();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const clientSecret = order.payment.clientSecret;
  const locale = resolveLanguage(i18n.language) satisfies StripeElementLocale;

  useEffect(() => {
    let alive = true;
    let destroy: (() => void) | undefined;
    const fail = (problem: PaymentProblem) => {
      setFailed(true);
      onProblem(problem);
    };
    loadStripeJs(publishableKey).then(
      (stripe) => {
        if (!alive) return;
        if (!stripe) return fail('payment_provider_error');
        const target = mount.current;
        if (!target) return fail('card_field_not_found');
        try {
          const elements = stripe.elements({ clientSecret, locale });
          const element = elements.create('payment');
          element.mount(target);
          destroy = () => element.destroy();
          setReady({ stripe, elements });
        } catch {
          fail('payment_provider_error');
        }
      },
      () => alive && fail('payment_provider_error'),
    );
    return () => {
      alive = false;
      destroy?.();
    };
    // `onProblem` is the page's setter wrapper; the element is rebuilt only for another payment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [publishableKey, clientSecret, locale]);

  const submit = async () => {
    if (!ready) return;
    if (!mount.current) return onProblem('card_field_not_found');
    setBusy(true);
    onProblem(undefined);
    try {
      const result = await ready.stripe.confirmPayment({
        elements: ready.elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}${paymentSuccessPath(order.orderId)}` },
      });
      if (result.error) return onProblem(stripeErrorProblem(result.error));
      const problem = intentStatusProblem(result.paymentIntent?.status);
      if (problem) return onProblem(problem);
      await confirmOrder(order.orderId);
      onPaid(order.orderId);
    } catch (error) {
      onProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.cardForm}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {!ready && !failed && (
        <p className={styles.muted} role="status">
          {t('checkout.stripe.loading')}
        </p>
      )}
      <div ref={mount} className={styles.stripeMount} data-testid="stripe-payment-element" />
      {children}
      <Button
        type="submit"
        disabled={!ready || busy || !online}
        aria-busy={busy}
        className={styles.payButton}
      >
        {busy ? t('checkout.card.working') : t('checkout.card.submit', { amount })}
      </Button>
    </form>
  );
}
