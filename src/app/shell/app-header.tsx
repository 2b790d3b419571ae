import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import { Button } from '../../ui/button';
import { promptInstall, usePwaState } from '../pwa';
import { AccountMenu } from './account-menu';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { NotificationsBadge } from './notifications-badge';
import { SyncIndicator } from './sync-indicator';
import styles from './app-header.module.css';

const NAV = [
  { to: pathOf('providers'), key: 'nav.experts' },
  { to: pathOf('howItWorks'), key: 'nav.howItWorks' },
  { to: pathOf('pricing'), key: 'nav.pricing' },
  { to: pathOf('helpCentre'), key: 'nav.help' },
] as const;

export function AppHeader() {
  const { t } = useTranslation();
  const { canInstall } = usePwaState();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.brand} aria-label={t('header.home')}>
          <Logo />
          <span className={styles.name}>{t('brand.name')}</span>
        </Link>
        <nav
          className={`${styles.nav} ${menuOpen ? styles.open : ''}`}
          aria-label={t('header.mainNavigation')}
        >
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
              onClick={() => setMenuOpen(false)}
            >
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
        <div className={styles.tools}>
          <SyncIndicator />
          <LanguageSwitcher />
          {canInstall && (
            <Button
              size="small"
              variant="secondary"
              onClick={() => void promptInstall()}
              className={styles.install}
            >
              {t('header.install')}
            </Button>
          )}
          <NotificationsBadge />
          <AccountMenu />
          <button
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-label={t('header.menu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span />
            <span />
            <span />
          </button>
        </div>
      </div>
    </header>
  );
}
