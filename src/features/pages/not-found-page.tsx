import { useTranslation } from 'react-i18next';
import { pathOf } from '../../config/paths';
import { ButtonLink } from '../../ui/button';
import styles from './message-page.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className={`container ${styles.page}`} data-screen="not-found">
      <div className={styles.card}>
        <p className={styles.eyebrow}>404</p>
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.body')}</p>
        <div className={styles.actions}>
          <ButtonLink to="/">{t('notFound.home')}</ButtonLink>
          <ButtonLink to={pathOf('providers')} variant="secondary">
            {t('comingSoon.browseExperts')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
