import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import { useSession } from '../../data/auth';
import { useCallSession, useOrder } from '../../data/call-session';
import { useSyncStatus } from '../../data/use-sync-status';
import { isFinalPhase } from '../../domain/order';
import { Button, ButtonLink } from '../../ui/button';
import { PageLoading } from '../../ui/page-loading';
import { CallTracker } from './call-tracker';
import { pageState } from './call-status-model';
import styles from './payment-success-page.module.css';

const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `/payment-success?orderId=…` (protected): follows the paid consultation live, from the payment
 * to the end of the call, or to its failure and refund.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId')?.trim() ?? '';
  if (!orderId) return <MissingOrder />;
  if (!ORDER_ID.test(orderId)) return <OrderNotFound orderId={orderId} />;
  return <FollowOrder key={orderId} orderId={orderId} />;
}

/** The current time, every second while `running`: the clocks and the wait for the order use it. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

function FollowOrder({ orderId }: { orderId: string }) {
  const uid = useSession().user?.uid;
  const session = useCallSession(orderId);
  const { order, error, retry } = useOrder(orderId);
  const online = useSyncStatus().state !== 'offline';
  const [since, setSince] = useState(() => Date.now());
  const phase = session?.phase ?? order?.call.phase;
  const now = useNow(!(phase && isFinalPhase(phase)));
  const state = pageState({ session, order, orderError: error, uid, online, waitedMs: now - since });

  if (state.kind === 'loading') return <PageLoading />;
  if (state.kind === 'notFound') {
    return (
      <OrderNotFound
        orderId={orderId}
        onRetry={() => {
          setSince(Date.now());
          retry();
        }}
      />
    );
  }
  if (state.kind === 'serviceUnknown') return <ServiceUnknown />;
  if (state.kind === 'offline') return <OfflineUnknown />;
  return <CallTracker view={state.view} now={now} online={online} />;
}

function Message({
  eyebrow,
  title,
  children,
  alert = false,
}: {
  eyebrow?: string;
  title: string;
  children: ReactNode;
  alert?: boolean;
}) {
  return (
    <section className={`container ${styles.messagePage}`}>
      <div className={styles.message} role={alert ? 'alert' : undefined}>
        {eyebrow && <p className={styles.messageEyebrow}>{eyebrow}</p>}
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}

function MissingOrder() {
  const { t } = useTranslation();
  return (
    <Message title={t('paymentSuccess.missing.title')}>
      <p>{t('paymentSuccess.missing.body')}</p>
      <div className={styles.messageActions}>
        <ButtonLink to="/">{t('paymentSuccess.home')}</ButtonLink>
        <ButtonLink to={pathOf('dashboard')} variant="secondary">
          {t('paymentSuccess.dashboard')}
        </ButtonLink>
      </div>
    </Message>
  );
}

function OrderNotFound({ orderId, onRetry }: { orderId: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Message title={t('paymentSuccess.notFound.title')} alert>
      <p className={styles.breakable}>{t('paymentSuccess.notFound.body', { orderId })}</p>
      <p>{t('paymentSuccess.notFound.help')}</p>
      <div className={styles.messageActions}>
        {onRetry && <Button onClick={onRetry}>{t('paymentSuccess.notFound.retry')}</Button>}
        <ButtonLink to={pathOf('contact')} variant="secondary">
          {t('paymentSuccess.notFound.contact')}
        </ButtonLink>
        <ButtonLink to={pathOf('dashboard')} variant="secondary">
          {t('paymentSuccess.dashboard')}
        </ButtonLink>
      </div>
    </Message>
  );
}

function ServiceUnknown() {
  const { t } = useTranslation();
  return (
    <Message title={t('paymentSuccess.serviceUnknown.title')} alert>
      <p>{t('paymentSuccess.serviceUnknown.body')}</p>
      <div className={styles.messageActions}>
        <ButtonLink to={pathOf('contact')}>{t('paymentSuccess.notFound.contact')}</ButtonLink>
        <ButtonLink to={pathOf('dashboard')} variant="secondary">
          {t('paymentSuccess.dashboard')}
        </ButtonLink>
      </div>
    </Message>
  );
}

function OfflineUnknown() {
  const { t } = useTranslation();
  return (
    <Message eyebrow={t('sync.offline')} title={t('paymentSuccess.offlineUnknown.title')}>
      <p>{t('paymentSuccess.offlineUnknown.body')}</p>
    </Message>
  );
}
