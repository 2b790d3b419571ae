/**
 * The refund form of a payment (finance/payments/:orderId): the amount (in units, as the admin types
 * it in their language; all that is left by default) and the reason, then a confirmation that says
 * what will happen. One idempotency key per opening (refund-key.ts), sent with every attempt, so a
 * double click or a retry after a lost answer makes one refund. A refusal is said in the screen's
 * words; one for an amount over what is left says what is left as the service counted it (the
 * error's `left`: someone may have refunded meanwhile), beside the amount, which stays as typed.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RefundRow } from '../../../domain/admin-refunds';
import { REFUND_REASON_MAX } from '../../../domain/refund';
import { errorCode, errorDetail } from '../../../data/api';
import { Button } from '../../../ui/button';
import dialogStyles from '../../../ui/dialog.module.css';
import { TextAreaField, TextField } from '../../../ui/form-field';
import { adminSend } from '../admin-api';
import { amountText, parseAmount } from '../pricing/amount-input';
import { useAdminErrorText } from '../ui/admin-error';
import { useAdminFormat } from '../ui/use-admin-format';
import { newRefundKey } from './refund-key';

type Props = {
  open: boolean;
  orderId: string;
  clientName: string;
  currency: string;
  /** The payment's amount and what is left to refund of it (minor units). */
  total: number;
  left: number;
  onDone: (refund: RefundRow) => void;
  /** The service says less is left than this form knew: read the payment's refunds again. */
  onStale: () => void;
  onClose: () => void;
};

type Failure = { code: string; text: string };

export function RefundDialog(props: Props) {
  const { open, orderId, currency, total, left, onClose } = props;
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const errorText = useAdminErrorText('refunds');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const fieldId = useId();
  const [key, setKey] = useState('');
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ amount?: string; reason?: string }>({});
  const [failure, setFailure] = useState<Failure>();
  const [busy, setBusy] = useState(false);
  // A second click lands before React disables the button: this ref refuses it at once.
  const sending = useRef(false);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      // Each opening is one refund request: a new key, the form blank, all that is left by default.
      setKey(newRefundKey());
      setStep('form');
      setAmount(amountText(left, i18n.language));
      setReason('');
      setFieldErrors({});
      setFailure(undefined);
    }
  }

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);

  const minor = parseAmount(amount);
  const money = (value: number) => format.money(value, currency);

  const check = () => {
    const errors: typeof fieldErrors = {};
    if (minor === undefined || minor <= 0) errors.amount = t('admin.refunds.errors.amount');
    else if (minor > left)
      errors.amount = t('admin.refunds.errors.exceeds_refundable', { left: money(left) });
    if (reason.trim().length < 3) errors.reason = t('admin.refunds.errors.reason');
    setFieldErrors(errors);
    setFailure(undefined);
    if (Object.keys(errors).length === 0) setStep('confirm');
  };

  const send = async () => {
    if (sending.current || minor === undefined) return;
    sending.current = true;
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await adminSend<{ changed: boolean; refund: RefundRow }>(
        'POST',
        `payments/${encodeURIComponent(orderId)}/refunds`,
        { key, amount: minor, reason: reason.trim() },
      );
      props.onDone(answer.refund);
      onClose();
    } catch (error) {
      const code = errorCode(error);
      if (code === 'exceeds_refundable' || code === 'nothing_left') {
        // Someone refunded meanwhile: learn what is left, and let the admin change the amount.
        props.onStale();
        setStep('form');
      }
      const serverLeft = errorDetail(error, 'left', 'number');
      if (code === 'exceeds_refundable' && serverLeft !== undefined) {
        // Said beside the amount the admin typed (kept), with what the service says is left.
        setFieldErrors({ amount: t('admin.refunds.errors.stillRefundable', { left: money(serverLeft) }) });
        return;
      }
      setFailure({ code, text: errorText(error) });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const failureText =
    failure?.code === 'exceeds_refundable'
      ? t('admin.refunds.errors.exceeds_refundable', { left: money(left) })
      : failure?.text;

  return (
    <dialog
      ref={dialog}
      className={dialogStyles.dialog}
      aria-labelledby={titleId}
      data-refund-dialog={step}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form
        className={dialogStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'form') check();
          else void send();
        }}
      >
        <h2 id={titleId} className={dialogStyles.title}>
          {step === 'form' ? t('admin.refunds.form.title') : t('admin.refunds.form.confirmTitle')}
        </h2>
        {step === 'form' ? (
          <>
            <TextField
              id={`${fieldId}-amount`}
              label={t('admin.refunds.form.amount', { currency })}
              hint={t('admin.refunds.form.amountHint', { left: money(left) })}
              error={fieldErrors.amount}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onValue={setAmount}
            />
            <TextAreaField
              id={`${fieldId}-reason`}
              label={t('admin.refunds.form.reason')}
              hint={t('admin.refunds.form.reasonHint')}
              error={fieldErrors.reason}
              rows={3}
              maxLength={REFUND_REASON_MAX}
              value={reason}
              onValue={setReason}
            />
          </>
        ) : (
          <p data-refund-summary>
            {t('admin.refunds.form.confirmBody', {
              amount: money(minor ?? 0),
              client: props.clientName,
              total: money(total),
            })}
          </p>
        )}
        {failureText && (
          <p className={dialogStyles.error} role="alert">
            {failureText}
          </p>
        )}
        <div className={dialogStyles.actions}>
          {step === 'form' ? (
            <Button variant="secondary" onClick={onClose}>
              {t('admin.common.cancel')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setStep('form')} disabled={busy}>
              {t('admin.refunds.form.back')}
            </Button>
          )}
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {step === 'form'
              ? t('admin.refunds.form.next')
              : busy
                ? t('admin.refunds.form.busy')
                : t('admin.refunds.form.confirm', { amount: money(minor ?? 0) })}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
