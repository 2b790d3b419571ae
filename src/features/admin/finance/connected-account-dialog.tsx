/**
 * Sets or clears where a provider's Stripe payouts go (POST /api/admin/payouts/accounts/:uid), in a
 * modal form on the native `<dialog>`: the id is checked as the service checks it (`acct_…`) before
 * it is sent; a refusal is shown in the screen's words and leaves what was typed in the field.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../data/api';
import { STRIPE_ACCOUNT_PATTERN } from '../../../domain/payouts';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/form-field';
import dialogStyles from '../../../ui/dialog.module.css';
import { adminSend } from '../admin-api';
import { useAdminErrorText } from '../ui/admin-error';
import confirmStyles from '../ui/confirm-dialog.module.css';

export type AccountTarget = { providerId: string; providerName: string; stripeAccountId?: string };

type Props = {
  /** The provider whose account is edited; the dialog is closed without one. */
  target?: AccountTarget;
  onDone: () => void;
  onClose: () => void;
};

/** The field's error code when the service refused the value (`validation` with `fields`). */
const fieldCode = (error: unknown) => (error instanceof ApiError ? error.fields.stripeAccountId : undefined);

/** The code the service would answer for the value, checked before sending it. */
function localCode(value: string | null): 'required' | 'value_invalid' | undefined {
  if (value === null) return undefined;
  if (value === '') return 'required';
  return STRIPE_ACCOUNT_PATTERN.test(value) ? undefined : 'value_invalid';
}

export function ConnectedAccountDialog({ target, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const errorText = useAdminErrorText('payouts');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const fieldId = useId();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<AccountTarget>();
  const codeText = (code: string) =>
    t(code === 'required' ? 'admin.payouts.account.required' : 'admin.payouts.errors.value_invalid');
  if (target !== shown) {
    // Each opening starts from the provider's current account.
    setShown(target);
    if (target) {
      setValue(target.stripeAccountId ?? '');
      setFieldError(undefined);
      setError(undefined);
    }
  }

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (target && !element.open) element.showModal();
    else if (!target && element.open) element.close();
  }, [target]);

  const send = async (stripeAccountId: string | null) => {
    if (!target) return;
    const refused = localCode(stripeAccountId);
    if (refused) {
      setFieldError(codeText(refused));
      return;
    }
    setBusy(true);
    setFieldError(undefined);
    setError(undefined);
    try {
      await adminSend('POST', `payouts/accounts/${encodeURIComponent(target.providerId)}`, {
        stripeAccountId,
      });
      onDone();
      onClose();
    } catch (failure) {
      // What was typed stays in the field, to be corrected rather than typed again.
      const code = fieldCode(failure);
      if (code) setFieldError(codeText(code));
      else setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className={dialogStyles.dialog}
      aria-labelledby={titleId}
      data-connected-account-dialog
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form
        method="dialog"
        className={dialogStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send(value.trim());
        }}
      >
        <h2 id={titleId} className={dialogStyles.title}>
          {t('admin.payouts.account.title', { name: target?.providerName ?? '' })}
        </h2>
        <p className={confirmStyles.body}>{t('admin.payouts.account.help')}</p>
        <TextField
          id={fieldId}
          label={t('admin.payouts.account.field')}
          value={value}
          onValue={setValue}
          error={fieldError}
          placeholder="acct_…"
          autoComplete="off"
          spellCheck={false}
          maxLength={80}
        />
        {error && (
          <p className={dialogStyles.error} role="alert">
            {error}
          </p>
        )}
        <div className={dialogStyles.actions}>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('admin.common.cancel')}
          </Button>
          {target?.stripeAccountId && (
            <Button variant="secondary" onClick={() => void send(null)} disabled={busy}>
              {t('admin.payouts.account.clear')}
            </Button>
          )}
          <Button type="submit" className={confirmStyles.calm} disabled={busy} aria-busy={busy}>
            {t('admin.common.save')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
