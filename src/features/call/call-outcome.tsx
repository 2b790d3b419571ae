import { useTranslation } from 'react-i18next';
import { pathOf } from '../../config/paths';
import { useInvoice } from '../../data/invoices';
import { REFUND_WITHIN_HOURS } from '../../domain/constants';
import type { ClientMoney } from '../../domain/payment-state';
import type { ServiceKey } from '../../domain/promo';
import { ButtonLink } from '../../ui/button';
import { InvoiceDownloadButton } from '../../ui/invoice-download-button';
import { formatMoney } from '../../ui/intl';
import { roleOfService } from './call-status-model';
import type { CallStatus, CallView } from './call-status-model';
import styles from './call-tracker.module.css';

/** What comes next: tips while waiting, the invoice once completed, the refund and other experts after a failure. */
export function CallOutcome({
  view,
  status,
  service,
}: {
  view: CallView;
  status: CallStatus;
  service: ServiceKey;
}) {
  if (view.phase === 'completed')
    return view.viewer === 'client' ? (
      <>
        {view.billedTo ? <BilledTo company={view.billedTo} /> : <Invoice invoiceId={view.invoiceId} />}
        {/* Part of a completed consultation given back since (an admin's refund): said, with its amount. */}
        {status.money === 'partlyRefunded' && <Money money={status.money} view={view} />}
      </>
    ) : null;
  if (view.phase === 'failed') {
    return view.viewer === 'client' ? (
      <>
        {status.money && <Money money={status.money} view={view} />}
        <OtherExperts service={service} />
      </>
    ) : null;
  }
  const during = view.phase === 'connecting' || view.phase === 'in_progress';
  return <Tips viewer={view.viewer} during={during} minutes={view.durationMinutes} />;
}

function Tips({ viewer, during, minutes }: { viewer: CallView['viewer']; during: boolean; minutes: number }) {
  const { t } = useTranslation();
  const tips = during
    ? [
        t('paymentSuccess.tips.autoEnd', { minutes }),
        ...(viewer === 'client' ? [t('paymentSuccess.tips.invoiceAfter')] : []),
      ]
    : viewer === 'provider'
      ? [t('paymentSuccess.tips.providerPhone')]
      : [t('paymentSuccess.tips.phone'), t('paymentSuccess.tips.app'), t('paymentSuccess.tips.charge')];
  return (
    <section className={styles.card} aria-labelledby="call-tips">
      <h2 id="call-tips">{during ? t('paymentSuccess.tips.duringTitle') : t('paymentSuccess.tips.title')}</h2>
      <ul className={styles.tips}>
        {tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  );
}

/** A consultation billed to a company account: no card invoice comes; the company's invoice bills it. */
function BilledTo({ company }: { company: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="call-invoice" data-section="billed-to">
      <h2 id="call-invoice">{t('paymentSuccess.invoice.title')}</h2>
      <p className={styles.muted}>{t('paymentSuccess.invoice.billedTo', { company })}</p>
    </section>
  );
}

function Invoice({ invoiceId }: { invoiceId: string | undefined }) {
  const { t, i18n } = useTranslation();
  const invoice = useInvoice(invoiceId);
  return (
    <section className={styles.card} aria-labelledby="call-invoice" data-section="invoice">
      <h2 id="call-invoice">{t('paymentSuccess.invoice.title')}</h2>
      {invoice ? (
        <>
          <p className={styles.invoiceLine}>
            <span>{t('paymentSuccess.invoice.ready', { number: invoice.number })}</span>
            <strong className={styles.money}>
              {formatMoney(invoice.amounts.total, invoice.currency, i18n.language)}
            </strong>
          </p>
          <div className={styles.actions}>
            <InvoiceDownloadButton invoice={invoice} size="normal" variant="primary" />
          </div>
          <p className={styles.muted}>{t('paymentSuccess.invoice.inDashboard')}</p>
        </>
      ) : (
        <p className={styles.muted} role="status">
          {t('paymentSuccess.invoice.pending')}
        </p>
      )}
    </section>
  );
}

/** After a failure, what became of the money, in the words of src/domain/payment-state.ts. */
function Money({ money, view }: { money: ClientMoney; view: CallView }) {
  const { t, i18n } = useTranslation();
  const refunded = formatMoney(view.refunded ?? 0, view.currency, i18n.language);
  return (
    <section className={`${styles.card} ${styles.refund}`} aria-labelledby="call-money" data-money={money}>
      <h2 id="call-money">{t('paymentSuccess.money.title')}</h2>
      <p>{t(`money.detail.${money}`, { hours: REFUND_WITHIN_HOURS, refunded })}</p>
    </section>
  );
}

function OtherExperts({ service }: { service: ServiceKey }) {
  const { t } = useTranslation();
  const role = roleOfService(service);
  const listing = `${pathOf('providers')}?${new URLSearchParams({ type: role }).toString()}`;
  return (
    <section className={styles.card} aria-labelledby="call-other">
      <h2 id="call-other">{t('paymentSuccess.other.title')}</h2>
      <p>{t('paymentSuccess.other.body')}</p>
      <div className={styles.actions}>
        <ButtonLink to={listing}>{t(`paymentSuccess.other.listing.${role}`)}</ButtonLink>
        <ButtonLink to={pathOf(role === 'lawyer' ? 'lawyerCall' : 'expatCall')} variant="secondary">
          {t(`paymentSuccess.other.callPage.${role}`)}
        </ButtonLink>
      </div>
    </section>
  );
}
