/**
 * The balance of the ledger's subject above its movements, in each currency it has entries in (a
 * provider paid in euros and in dollars has two balances, never one sum of both). With more than
 * one, each is a choice: the movements below are those of the chosen currency (the service pages
 * a provider's ledger one currency at a time).
 */
import { useTranslation } from 'react-i18next';
import type { LedgerBalancesAnswer, LedgerSubject } from '../../../domain/admin-ledger';
import { SegmentedControl } from '../../../ui/segmented-control';
import detail from '../ui/detail.module.css';
import { useAdminFormat } from '../ui/use-admin-format';
import { useAdminQuery } from '../ui/use-admin-query';
import styles from './ledger.module.css';

type Props = {
  subject: LedgerSubject;
  id: string;
  /** The currency the movements are shown in (undefined: the service's first). */
  currency?: string;
  onCurrency: (currency: string) => void;
};

export function LedgerBalances({ subject, id, currency, onCurrency }: Props) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const answer = useAdminQuery<LedgerBalancesAnswer>('ledger/balances', { [subject]: id });
  if (answer.status !== 'ready' || answer.data.balances.length === 0) return null;
  const { balances } = answer.data;
  const label = t(`admin.ledger.columns.running.${subject}`);
  const figure = (entry: (typeof balances)[number]) => format.money(entry.balance, entry.currency);
  if (balances.length === 1) {
    return (
      <p className={styles.balances} data-ledger-balances>
        <span className={detail.secondary}>{label}</span> <strong>{figure(balances[0]!)}</strong>
      </p>
    );
  }
  return (
    <div className={styles.balances} data-ledger-balances>
      <SegmentedControl<string>
        label={t('admin.ledger.currencies', { label })}
        value={currency ?? balances[0]!.currency}
        segments={balances.map((entry) => ({ value: entry.currency, label: figure(entry) }))}
        onChange={onCurrency}
      />
    </div>
  );
}
