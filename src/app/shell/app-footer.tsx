import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathOf } from '../../config/paths';
import { useConfig } from '../../data/config';
import styles from './app-footer.module.css';

const COLUMNS = [
  {
    title: 'footer.services',
    links: [
      { to: pathOf('lawyerCall'), key: 'footer.lawyerCall' },
      { to: pathOf('expatCall'), key: 'footer.expatCall' },
      { to: pathOf('providers'), key: 'nav.experts' },
      { to: pathOf('pricing'), key: 'nav.pricing' },
      { to: pathOf('howItWorks'), key: 'nav.howItWorks' },
    ],
  },
  {
    title: 'footer.help',
    links: [
      { to: pathOf('helpCentre'), key: 'nav.help' },
      { to: pathOf('faq'), key: 'footer.faq' },
      { to: pathOf('contact'), key: 'footer.contact' },
      { to: pathOf('testimonials'), key: 'footer.testimonials' },
      { to: pathOf('serviceStatus'), key: 'footer.status' },
    ],
  },
  {
    title: 'footer.legal',
    links: [
      { to: pathOf('termsClients'), key: 'footer.termsClients' },
      { to: pathOf('termsLawyers'), key: 'footer.termsLawyers' },
      { to: pathOf('termsExpats'), key: 'footer.termsExpats' },
      { to: pathOf('privacyPolicy'), key: 'footer.privacy' },
      { to: pathOf('cookies'), key: 'footer.cookies' },
      { to: pathOf('consumers'), key: 'footer.consumers' },
      { to: pathOf('seo'), key: 'footer.seo' },
    ],
  },
] as const;

export function AppFooter() {
  const { t } = useTranslation();
  const stats = useConfig('stats');
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.columns}`}>
        <div className={styles.about}>
          <p className={styles.brand}>{t('brand.name')}</p>
          <p>{t('footer.tagline')}</p>
          {stats && <p className={styles.reach}>{t('footer.reach', { count: stats.footerCountries })}</p>}
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={t(column.title)}>
            <h2 className={styles.title}>{t(column.title)}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{t(link.key)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={`container ${styles.bottom}`}>
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
      </div>
    </footer>
  );
}
