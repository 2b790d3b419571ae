/**
 * How a B2B member pays (shown only to members of an active company account): by card, or "Paid
 * by <Company>" — billed to the company's monthly invoice at its negotiated price, no card, no
 * promo code. The server checks the membership again when the order is placed.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadBillingAccounts } from '../../data/checkout';
import type { B2bBillingOption } from '../../domain/b2b';
import { SegmentedControl } from '../../ui/segmented-control';
import styles from './checkout.module.css';

/** The member's company accounts, read once online and signed in (none on any failure). */
export function useBillingAccounts(enabled: boolean): B2bBillingOption[] {
  const [accounts, setAccounts] = useState<B2bBillingOption[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    loadBillingAccounts().then(
      (found) => alive && setAccounts(found),
      () => undefined, // Not a member, or offline: the card is the only way, as for anyone.
    );
    return () => {
      alive = false;
    };
  }, [enabled]);
  return accounts;
}

type Props = {
  accounts: readonly B2bBillingOption[];
  /** The chosen account's id, or undefined for the card. */
  value: string | undefined;
  onChange: (accountId: string | undefined) => void;
};

export function BillingChoice({ accounts, value, onChange }: Props) {
  const { t } = useTranslation();
  const chosen = accounts.find((account) => account.accountId === value);
  return (
    <div className={styles.billing} data-testid="checkout-billing">
      <SegmentedControl<string>
        label={t('checkout.billing.label')}
        value={value ?? ''}
        segments={[
          { value: '', label: t('checkout.billing.card') },
          ...accounts.map((account) => ({
            value: account.accountId,
            label: t('checkout.billing.account', { company: account.name }),
          })),
        ]}
        onChange={(next) => onChange(next || undefined)}
      />
      {chosen && (
        <p className={styles.billingNote} role="status">
          {t('checkout.billing.note', { company: chosen.name })}
        </p>
      )}
    </div>
  );
}
