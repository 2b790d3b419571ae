import { Suspense, lazy } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../data/auth';
import { useBrowserOnline } from '../../data/use-online';
import type { SessionUserView } from '../../domain/account';
import { AccountNotices } from './account-notices';
import { DashboardNav } from './dashboard-nav';
import { tabFromQuery } from './dashboard-model';
import type { TabId } from './dashboard-model';
// The notices' tones are the account screens' ones.
import tones from '../account/account.module.css';
import styles from './dashboard.module.css';

type TabProps = { user: SessionUserView };

/** Each tab is its own chunk: opening the dashboard downloads only the tab shown. */
function lazyTab(load: () => Promise<ComponentType<TabProps>>) {
  return lazy(() => load().then((component) => ({ default: component })));
}

const TABS: Record<TabId, ComponentType<TabProps>> = {
  profile: lazyTab(() => import('./profile-tab').then((m) => m.ProfileTab)),
  settings: lazyTab(() => import('./settings-tab').then((m) => m.SettingsTab)),
  availability: lazyTab(() => import('./availability-tab').then((m) => m.AvailabilityTab)),
  calls: lazyTab(() => import('./calls-tab').then((m) => m.CallsTab)),
  invoices: lazyTab(() => import('./invoices-tab').then((m) => m.InvoicesTab)),
  reviews: lazyTab(() => import('./reviews-tab').then((m) => m.ReviewsTab)),
  notifications: lazyTab(() => import('./notifications-tab').then((m) => m.NotificationsTab)),
  messages: lazyTab(() => import('./messages-tab').then((m) => m.MessagesTab)),
  favourites: lazyTab(() => import('./favourites-tab').then((m) => m.FavouritesTab)),
};

/**
 * `/dashboard?tab=<id>` (protected): the signed-in user's space. What the account still needs
 * (e-mail, approval) above, the sections (tabs, by role) beside the section shown. Everything
 * comes from the user's own documents on this device, so it works offline.
 */
export function DashboardPage({ defaultTab }: { defaultTab?: TabId }) {
  const { t } = useTranslation();
  const session = useSession();
  const online = useBrowserOnline();
  const [params] = useSearchParams();
  const user = session.user;
  if (!user) return null;
  const active = tabFromQuery(params.get('tab') ?? defaultTab ?? null, user.role, user.demoStandIn);
  const Tab = TABS[active];
  const name = user.firstName || user.displayName || user.email;
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header} data-offline={online ? undefined : ''}>
        <p className={styles.eyebrow}>{t(`auth.dashboard.space.${user.role}`)}</p>
        <h1>{t('auth.dashboard.hello', { name })}</h1>
        {/* Over the greeting rather than above the page: a connection lost while the page is open
            moves nothing, so a tap meanwhile lands where the reader aimed. */}
        {!online && (
          <p className={`${tones.warning} ${styles.offline}`} role="status">
            {t('auth.dashboard.offline')}
          </p>
        )}
      </header>
      <AccountNotices user={user} online={online} />
      <div className={styles.layout}>
        <DashboardNav user={user} active={active} />
        <div className={styles.panel} data-active-tab={active}>
          <Suspense
            fallback={
              <p className={styles.muted} role="status">
                {t('dashboard.loadingTab')}
              </p>
            }
          >
            <Tab user={user} />
          </Suspense>
        </div>
      </div>
    </div>
  );
}

/** `/dashboard/messages`: the dashboard opened on the messages. */
export function DashboardMessagesPage() {
  return <DashboardPage defaultTab="messages" />;
}
