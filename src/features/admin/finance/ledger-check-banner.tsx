/**
 * The ledger's balance check (GET /api/admin/ledger/check) as a banner: "balanced", or each
 * discrepancy with the check it breaks, what it is about and the entries involved.
 */
import { useTranslation } from 'react-i18next';
import type { LedgerCheckResult } from '../../../domain/ledger-balance';
import detail from '../ui/detail.module.css';
import { useAdminQuery } from '../ui/use-admin-query';
import styles from './ledger.module.css';

export function LedgerCheckBanner() {
  const { t } = useTranslation();
  const check = useAdminQuery<LedgerCheckResult>('ledger/check');
  if (check.status !== 'ready') return null;
  const offences = check.data.checks.flatMap((result) => result.offences);
  if (check.data.balanced) {
    return (
      <p className={detail.notice} data-tone="good" role="status" data-ledger-check="balanced">
        {t('admin.ledger.check.balanced')} {t('admin.ledger.check.entries', { n: check.data.entries })}
      </p>
    );
  }
  return (
    <div className={detail.notice} data-tone="bad" role="alert" data-ledger-check="unbalanced">
      <strong>{t('admin.ledger.check.unbalanced', { n: offences.length })}</strong>
      <ul className={styles.discrepancies}>
        {offences.map((offence) => (
          <li key={`${offence.check} ${offence.subject.id} ${offence.entryIds.join(' ')}`}>
            {t(`admin.ledger.check.names.${offence.check}`)} —{' '}
            {t(`admin.ledger.check.subject.${offence.subject.kind}`, { id: offence.subject.id })} (
            {offence.entryIds.join(', ')})
          </li>
        ))}
      </ul>
    </div>
  );
}
