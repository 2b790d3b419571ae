import { useTranslation } from 'react-i18next';
import type { ScreenId } from '../../config/paths';
import { pathOf } from '../../config/paths';
import { ButtonLink } from '../../ui/button';
import styles from './message-page.module.css';

/** A screen of the spec that is not built yet: said plainly, with a way on. */
export function ComingSoonPage({ screen }: { screen: ScreenId }) {
  const { t } = useTranslation();
  return (
    <section className={`container ${styles.page}`} data-screen={screen}>
      <div className={styles.card}>
        <p className={styles.eyebrow}>{t('comingSoon.eyebrow')}</p>
        <h1>{t(`screens.${screen}`)}</h1>
        <p>{t('comingSoon.body')}</p>
        <div className={styles.actions}>
          <ButtonLink to={pathOf('providers')}>{t('comingSoon.browseExperts')}</ButtonLink>
          {screen !== 'home' && (
            <ButtonLink to="/" variant="secondary">
              {t('comingSoon.home')}
            </ButtonLink>
          )}
        </div>
      </div>
    </section>
  );
}
