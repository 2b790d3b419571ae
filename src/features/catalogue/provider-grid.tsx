import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HydrateLater } from '../../app/hydrate-later';
import type { Provider } from '../../domain/provider';
import { ProviderCard } from './provider-card';
import styles from './provider-grid.module.css';

type Props = {
  providers: Provider[];
  /** While `loading`, `placeholders` shimmering cards stand in for the page. */
  status: 'loading' | 'ready';
  placeholders: number;
  /** What to show when nothing matches. */
  empty: ReactNode;
  /** On a phone, at most this many cards (the screen links to the rest). */
  phoneLimit?: 3;
  /** Four columns on wide screens (the directory); three elsewhere. */
  wide?: boolean;
};

/** Provider cards in a responsive grid: the directory, the home's listing and the call pages. */
export function ProviderGrid({ providers, status, placeholders, empty, phoneLimit, wide }: Props) {
  const { t } = useTranslation();
  const className = [styles.grid, wide ? styles.wide : '', phoneLimit ? styles.phoneLimit : ''].join(' ');
  if (status === 'loading') {
    return (
      <ul className={className} aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: placeholders }, (_, i) => (
          <li key={i} className={styles.skeleton} />
        ))}
      </ul>
    );
  }
  if (providers.length === 0) return <>{empty}</>;
  return (
    <ul className={className}>
      {/* Each card is hydrated in a task of its own (hydrate-later.tsx). */}
      {providers.map((provider) => (
        <HydrateLater as="li" key={provider.id}>
          <ProviderCard provider={provider} />
        </HydrateLater>
      ))}
    </ul>
  );
}
