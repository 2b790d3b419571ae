import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { HydrateLater } from '../../app/hydrate-later';
import { Link } from 'react-router-dom';
import { preloadable } from '../../app/preloadable';
import { pathOf } from '../../config/paths';
import { useConfigState } from '../../data/config';
import { ExpertSkeleton, HOME_EXPERTS_SHOWN } from './expert-skeleton';
import { HomeFaq, HomeTestimonials } from './home-community';
import { HomeHero, StatsStrip } from './home-hero';
import { HomeFinalCta, HomeInstall, HomeJoin } from './home-join';
import { HomeOffers } from './home-offers';
import { HomeSafety, HomeWhy } from './home-trust';
import { HowItWorksSteps } from './how-it-works-steps';
import { Icon } from './icons';
import { SectionHead } from './section-head';
import styles from './home-page.module.css';

// The listing brings the directory's code; the rest of the home shows without waiting for it.
const HomeExperts = preloadable(() => import('./home-experts').then((m) => m.HomeExperts));

/** `/`: the product in one page, from the promise to the directory, the prices and the FAQ. */
export function HomePage() {
  const { t } = useTranslation();
  const { value: stats, status } = useConfigState('stats');
  // While the figures are awaited their lines keep their place, so nothing below them jumps.
  const pending = status === 'loading';
  return (
    <>
      <HomeHero stats={stats} pending={pending} />
      <StatsStrip stats={stats} pending={pending} />
      {/* Each part below the first screen is hydrated in a task of its own (hydrate-later.tsx). */}
      <HydrateLater>
        <section className={styles.section} aria-labelledby="home-experts-title">
          <div className="container">
            <SectionHead
              id="home-experts-title"
              title={t('home.experts.title')}
              intro={t('home.experts.intro')}
            />
            <Suspense fallback={<ExpertSkeleton count={HOME_EXPERTS_SHOWN} withFilters />}>
              <HomeExperts />
            </Suspense>
          </div>
        </section>
      </HydrateLater>
      <HydrateLater>
        <section className={`${styles.section} ${styles.white}`} aria-labelledby="home-how-title">
          <div className="container">
            <SectionHead id="home-how-title" title={t('home.how.title')} intro={t('home.how.intro')}>
              <Link to={pathOf('howItWorks')} className={styles.link}>
                {t('home.how.more')}
                <Icon name="arrow" />
              </Link>
            </SectionHead>
            <HowItWorksSteps headingLevel={3} />
          </div>
        </section>
      </HydrateLater>
      <HydrateLater>
        <HomeOffers />
      </HydrateLater>
      <HydrateLater>
        <HomeWhy />
      </HydrateLater>
      <HydrateLater>
        <HomeSafety stats={stats} />
      </HydrateLater>
      <HydrateLater>
        <HomeTestimonials stats={stats} />
      </HydrateLater>
      <HydrateLater>
        <HomeFaq />
      </HydrateLater>
      <HydrateLater>
        <HomeJoin />
      </HydrateLater>
      <HydrateLater>
        <HomeFinalCta />
      </HydrateLater>
      <HomeInstall />
    </>
  );
}

/** Loaded with the home before the server renders it, or before the browser hydrates it. */
HomePage.preloadParts = () => HomeExperts.preload();
