import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { authenticateSimulated, confirmSimulatedCard } from '../../data/checkout';
import type { CheckoutResponse } from '../../domain/order';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/form-field';
import { cvcLength } from '../../domain/card';
import { cardProblems, cardToSend, formatCardNumber, formatExpiry } from './card-input';
import type { CardField, CardForm, CardProblems } from './card-input';
import { problemOf } from './checkout-messages';
import type { PaymentProblem } from './checkout-messages';
import { DemoBanner, TestCards } from './demo-hints';
import { Modal } from './modal';
import styles from './checkout.module.css';

const FIELDS: CardField[] = ['number', 'exp', 'cvc'];
const FIELD_IDS: Record<CardField, string> = { number: 'card-number', exp: 'card-exp', cvc: 'card-cvc' };
const EMPTY: CardForm = { number: '', exp: '', cvc: '' };
const YEARS_AHEAD = 3;

type Props = {
  order: CheckoutResponse;
  amount: string;
  online: boolean;
  testCards: readonly string[];
  onPaid: (orderId: string) => void;
  onProblem: (problem: PaymentProblem | undefined) => void;
  /** The current problem's message, shown just above the pay button. */
  children?: ReactNode;
};

/**
 * Demo mode's card form: the simulated gateway answers as Stripe would for its test cards. A refused
 * card keeps everything typed, and another try pays the same order.
 */
export function SimulatedPayment({ order, amount, online, testCards, onPaid, onProblem, children }: Props) {
  const { t } = useTranslation();
  const [card, setCard] = useState<CardForm>(EMPTY);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [secure, setSecure] = useState(false);
  const problems: CardProblems = tried ? cardProblems(card, new Date()) : {};
  const clientSecret = order.payment.clientSecret;

  const finish = (answer: { orderId: string; outcome: string }) => {
    if (answer.outcome === 'authorised') onPaid(answer.orderId || order.orderId);
    else if (answer.outcome === 'requires_action') setSecure(true);
    else onProblem('unexpected_status');
  };

  const submit = async () => {
    // A new attempt clears the previous outcome: a refusal of the last card never stands beside
    // this attempt's own field errors.
    onProblem(undefined);
    setTried(true);
    const found = cardProblems(card, new Date());
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    setBusy(true);
    try {
      finish(await confirmSimulatedCard(clientSecret, cardToSend(card)));
    } catch (error) {
      onProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };

  const authenticate = async (approve: boolean) => {
    setBusy(true);
    try {
      const answer = await authenticateSimulated(clientSecret, approve);
      setSecure(false);
      finish(answer);
    } catch (error) {
      setSecure(false);
      onProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };

  const useTestCard = (number: string) => {
    const nextYear = (new Date().getFullYear() + YEARS_AHEAD) % 100;
    setCard((current) => ({
      number: formatCardNumber(number),
      exp: current.exp || `12/${String(nextYear).padStart(2, '0')}`,
      cvc: current.cvc || '1234'.slice(0, cvcLength(number)),
    }));
  };

  const error = (field: CardField) => {
    const problem = problems[field];
    return problem ? t(`checkout.card.errors.${problem}`) : undefined;
  };

  return (
    <>
      <DemoBanner />
      <form
        className={styles.cardForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          id={FIELD_IDS.number}
          label={t('checkout.card.number')}
          value={card.number}
          error={error('number')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          dir="ltr"
          onValue={(value) => setCard((current) => ({ ...current, number: formatCardNumber(value) }))}
        />
        <div className={styles.cardRow}>
          <TextField
            id={FIELD_IDS.exp}
            label={t('checkout.card.exp')}
            value={card.exp}
            error={error('exp')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('checkout.card.expPlaceholder')}
            dir="ltr"
            onValue={(value) => setCard((current) => ({ ...current, exp: formatExpiry(value, current.exp) }))}
          />
          <TextField
            id={FIELD_IDS.cvc}
            label={t('checkout.card.cvc')}
            hint={t('checkout.card.cvcHint')}
            value={card.cvc}
            error={error('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            dir="ltr"
            onValue={(value) => setCard((current) => ({ ...current, cvc: value.replace(/\D/g, '') }))}
          />
        </div>
        {children}
        <Button
          id="card-submit"
          type="submit"
          disabled={busy || !online}
          aria-busy={busy}
          className={styles.payButton}
        >
          {busy ? t('checkout.card.working') : t('checkout.card.submit', { amount })}
        </Button>
      </form>
      <TestCards numbers={testCards} onUse={useTestCard} />
      <SecureDialog
        open={secure}
        busy={busy}
        amount={amount}
        onAnswer={(approve) => void authenticate(approve)}
      />
    </>
  );
}

type SecureProps = { open: boolean; busy: boolean; amount: string; onAnswer: (approve: boolean) => void };

/** The simulated 3-D Secure step: the bank asks the card holder to approve the payment. */
function SecureDialog({ open, busy, amount, onAnswer }: SecureProps) {
  const { t } = useTranslation();
  useEffect(() => {
    // After the modal opened (the child's effect runs first): the answer most people give.
    if (open) document.getElementById('secure-approve')?.focus();
  }, [open]);
  return (
    <Modal
      open={open}
      labelledBy="secure-title"
      describedBy="secure-body"
      fallbackFocusId="card-submit"
      onCancel={() => {
        if (!busy) onAnswer(false);
      }}
    >
      <div className={styles.dialogBody}>
        <p className={styles.bankMark} aria-hidden="true">
          3-D Secure
        </p>
        <h2 id="secure-title">{t('checkout.secure.title')}</h2>
        <div id="secure-body">
          <p className={styles.dialogAmount}>{t('checkout.secure.body', { amount })}</p>
          <p className={styles.muted}>{t('checkout.secure.demoNote')}</p>
        </div>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => onAnswer(false)} disabled={busy}>
            {t('checkout.secure.refuse')}
          </Button>
          <Button id="secure-approve" onClick={() => onAnswer(true)} disabled={busy} aria-busy={busy}>
            {t('checkout.secure.approve')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
