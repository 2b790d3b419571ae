/**
 * A provider's identity record as an admin checks it: date of birth, address, identity number,
 * bank details (masked by the service to their last 4 characters: the console never receives
 * more), the identity document inline, and the status with its reason.
 */
import { useTranslation } from 'react-i18next';
import type { KycView } from '../../../domain/kyc';
import { useAdminFormat } from '../ui/use-admin-format';
import styles from '../ui/detail.module.css';
import { KycBadge } from './kyc-badge';
import { KycDocument } from './kyc-document';

export function KycIdentity({ kyc, name, heading }: { kyc: KycView; name: string; heading: string }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const masked = t('admin.kyc.masked');
  return (
    <section className={styles.card} aria-labelledby={`kyc-${kyc.uid}`} data-kyc={kyc.uid}>
      <h2 id={`kyc-${kyc.uid}`}>{heading}</h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('admin.kyc.fields.status')}</dt>
          <dd>
            <KycBadge status={kyc.status} />
            {kyc.reviewedAt && (
              <span className={styles.secondary}>
                {' '}
                {t('admin.kyc.reviewed', { date: format.dateTime(kyc.reviewedAt) })}
              </span>
            )}
          </dd>
        </div>
        {kyc.statusReason && (
          <div>
            <dt>{t('admin.kyc.fields.reason')}</dt>
            <dd>{kyc.statusReason}</dd>
          </div>
        )}
        <div>
          <dt>{t('admin.kyc.fields.dateOfBirth')}</dt>
          <dd>{format.date(`${kyc.dateOfBirth}T12:00:00Z`)}</dd>
        </div>
        <div>
          <dt>{t('admin.kyc.fields.address')}</dt>
          <dd>{kyc.address}</dd>
        </div>
        <div>
          <dt>{t('admin.kyc.fields.idNumber')}</dt>
          <dd>{kyc.idNumber}</dd>
        </div>
        <div>
          <dt>{t('admin.kyc.fields.bankAccount')}</dt>
          <dd title={masked}>
            <code>{kyc.bankAccount}</code>
          </dd>
        </div>
        <div>
          <dt>{t('admin.kyc.fields.ifsc')}</dt>
          <dd title={masked}>
            <code>{kyc.ifsc}</code>
          </dd>
        </div>
      </dl>
      <div>
        <h3 className={styles.secondary}>{t('admin.kyc.document.title')}</h3>
        <KycDocument document={kyc.document} name={name} />
      </div>
    </section>
  );
}
