import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../data/api';
import { useOwnProfile } from '../../data/own-profile';
import { useBrowserOnline } from '../../data/use-online';
import type { SessionUserView } from '../../domain/account';
import { isProviderRole } from '../../domain/mine';
import { Button } from '../../ui/button';
import { PageLoading } from '../../ui/page-loading';
import styles from '../account/account.module.css';
import tab from './profile-tab.module.css';

/** Online that long without a change of status: the tab asks whether the provider is still there. */
export const STILL_AVAILABLE_AFTER_MS = 8 * 60 * 60 * 1000;

/** The time, kept current minute by minute (the reminder appears without a reload). */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type Failure = 'profile_not_approved' | 'status_sync_failed' | 'update_failed';

/**
 * The Availability tab (lawyers and expats): going online (available) or offline (unavailable) is
 * done by the service, which changes the user record and the public profile together; so it needs a
 * connection, and the approval. The record replicated into `mine` shows the current state.
 */
export function AvailabilityTab({ user }: { user: SessionUserView }) {
  const { t, i18n } = useTranslation();
  const profile = useOwnProfile(user.uid);
  const connected = useBrowserOnline();
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const [answered, setAnswered] = useState<{ isOnline: boolean; lastStatusChange: string }>();
  const now = useMinuteClock();
  if (!isProviderRole(user.role)) return null;
  if (profile === undefined) return <PageLoading />;

  // The service decides (it refuses an unapproved provider); this only spares the request when
  // neither the session nor the record says approved. The record on the device can be older than
  // the session: right after the approval, it still says not approved until replication brings the
  // new one, and a press then was refused here (seen in the e2e suite under load).
  const approved = user.isApproved === true || profile?.isApproved === true;
  // The service's answer shows at once; the replicated record follows (and wins when newer).
  const fromRecord = profile?.lastStatusChange
    ? { isOnline: profile.isOnline === true, lastStatusChange: profile.lastStatusChange }
    : undefined;
  const state =
    answered && (!fromRecord || answered.lastStatusChange > fromRecord.lastStatusChange)
      ? answered
      : fromRecord;
  const online = state?.isOnline === true;
  const since = state ? new Date(state.lastStatusChange) : undefined;
  const stale = online && since !== undefined && now - since.getTime() > STILL_AVAILABLE_AFTER_MS;

  const change = async (next: boolean) => {
    setFailure(undefined);
    if (!approved) return setFailure('profile_not_approved');
    setWorking(true);
    try {
      const result = await api<{ isOnline: boolean; lastStatusChange: string }>('/api/availability', {
        body: { online: next },
      });
      setAnswered(result);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      setFailure(code === 'profile_not_approved' || code === 'status_sync_failed' ? code : 'update_failed');
    } finally {
      setWorking(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="availability-title">
      <h2 id="availability-title">{t('dashboardProfile.availability.title')}</h2>
      <p className={styles.muted}>{t('dashboardProfile.availability.lead')}</p>
      <div className={tab.switchRow}>
        <button
          type="button"
          role="switch"
          className={tab.switch}
          aria-checked={online}
          aria-describedby="availability-state"
          disabled={working || !connected}
          onClick={() => void change(!online)}
        >
          <span className={tab.track} aria-hidden="true">
            <span className={tab.thumb} />
          </span>
          <span>{t('dashboardProfile.availability.switch')}</span>
        </button>
        <p id="availability-state" className={online ? tab.online : tab.offline} aria-live="polite">
          {online ? t('dashboardProfile.availability.online') : t('dashboardProfile.availability.offline')}
          {since && (
            <span className={tab.since}>
              {t('dashboardProfile.availability.since', {
                when: new Intl.DateTimeFormat(i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }).format(since),
              })}
            </span>
          )}
        </p>
      </div>
      {!connected && (
        <p className={`${styles.notice} ${styles.warning}`} role="status">
          {t('dashboardProfile.availability.needsConnection')}
        </p>
      )}
      {!approved && !failure && (
        <p className={`${styles.notice} ${styles.info}`}>{t('dashboardProfile.availability.notApproved')}</p>
      )}
      {failure && (
        <p className={`${styles.notice} ${styles.error}`} role="alert">
          {failure === 'profile_not_approved'
            ? t('dashboardProfile.availability.notApproved')
            : failure === 'status_sync_failed'
              ? t('dashboardProfile.availability.syncFailed')
              : t('dashboardProfile.availability.updateFailed')}
        </p>
      )}
      {stale && connected && (
        <div className={`${styles.notice} ${styles.info}`} role="status">
          <p>{t('dashboardProfile.availability.stillThere')}</p>
          <div className={styles.noticeActions}>
            <Button size="small" disabled={working} onClick={() => void change(true)}>
              {t('dashboardProfile.availability.stayOnline')}
            </Button>
            <Button size="small" variant="secondary" disabled={working} onClick={() => void change(false)}>
              {t('dashboardProfile.availability.goOffline')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
