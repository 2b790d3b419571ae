/**
 * The browser's entry: error reporting first, then the code of a referral link the page was opened
 * with (kept before the router reads the address), the interface language, the local database and
 * its sync, then the app. The splash painted by index.html leaves 500 ms after the first render.
 */
import '@fontsource-variable/inter/wght.css';
import './ui/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installErrorReporting } from './app/error-reporting';
import { setUpPwa } from './app/pwa';
import { getDatabase } from './data/database';
import { captureReferralLink } from './data/referral-link';
import { watchOutbox } from './data/outbox';
import { startPublicSync } from './data/replication';
import { followSession } from './data/session-sync';
import { SPLASH_REMOVAL_MS } from './domain/constants';
import { initI18n } from './i18n/i18n';

installErrorReporting();
setUpPwa();
captureReferralLink();

const [, db] = await Promise.all([initI18n(), getDatabase()]);
const sync = startPublicSync(db, { origin: window.location.origin });
watchOutbox(db);
followSession(db, { origin: window.location.origin });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App data={{ db, sync }} />
  </StrictMode>,
);

setTimeout(() => document.getElementById('splash')?.remove(), SPLASH_REMOVAL_MS);
