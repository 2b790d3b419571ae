/**
 * Deliverability figures and rates (src/domain/comms-deliverability.ts), as the deliverability page
 * shows the last 30 days and a campaign's page shows its own: counts per kind, then the rates, a dash
 * for a rate with nothing to rate yet.
 */
import { useTranslation } from 'react-i18next';
import type { DeliverabilityFigures as Figures } from '../../../domain/comms-deliverability';
import { useAdminFormat } from '../ui/use-admin-format';
import styles from './comms.module.css';

const COUNTS = [
  'attempted',
  'sent',
  'failed',
  'hardBounces',
  'softBounces',
  'complaints',
  'suppressed',
] as const;
const RATES = ['bounceRate', 'complaintRate', 'failureRate'] as const;

export function DeliverabilityFigures({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return (
    <>
      <dl className={styles.figures}>
        {COUNTS.map((name) => {
          const value = figures[name];
          return value === undefined ? null : (
            <div key={name} data-deliverability-figure={name}>
              <dt>{t(`commsCampaigns.deliverability.figures.${name}`)}</dt>
              <dd>{format.number(value)}</dd>
            </div>
          );
        })}
      </dl>
      <dl className={styles.figures}>
        {RATES.map((name) => {
          const rate = figures[name];
          return (
            <div key={name} data-rate={name}>
              <dt>{t(`commsCampaigns.deliverability.rates.${name}`)}</dt>
              <dd>{rate === null ? t('commsCampaigns.deliverability.noRate') : format.percent(rate)}</dd>
            </div>
          );
        })}
      </dl>
      <p className={styles.muted}>{t('commsCampaigns.deliverability.ratesHint')}</p>
    </>
  );
}
