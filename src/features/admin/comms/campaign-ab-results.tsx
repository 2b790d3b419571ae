/**
 * An A/B campaign's test on its page: how it was set up, per variant the mails sent (tracked or not),
 * first opens and clicks and their rates, the variant ahead or the winner (and who chose it, when),
 * how far the rest of the segment got, and, while the test runs, a button per variant to choose the
 * winner early (the rest is then mailed it at once). Read again with the campaign's progress.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AB_VARIANTS } from '../../../domain/comms-ab';
import type { AbResults, AbVariant } from '../../../domain/comms-ab';
import type { CampaignView } from '../../../domain/comms-campaigns';
import { Button } from '../../../ui/button';
import { adminSend } from '../admin-api';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAdminQuery } from '../ui/use-admin-query';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import list from '../ui/admin-list.module.css';
import styles from './comms.module.css';

const COLUMNS = ['sent', 'tracked', 'opens', 'clicks', 'openRate', 'clickRate'] as const;

export function CampaignAbResults({ campaign, onChosen }: { campaign: CampaignView; onChosen: () => void }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const [choosing, setChoosing] = useState<AbVariant>();
  const ab = campaign.ab!;
  const { counts } = campaign;
  const answer = useAdminQuery<{ results: AbResults }>(
    `comms/campaigns/${encodeURIComponent(campaign.id)}/ab`,
    {},
    `${campaign.state}:${ab.winner ?? ''}:${counts.sent}:${counts.queued}`,
  );
  const results = answer.status === 'ready' ? answer.data.results : undefined;
  const cell = (value: number | null, rate: boolean) =>
    value === null
      ? t('commsCampaigns.deliverability.noRate')
      : rate
        ? format.percent(value)
        : format.number(value);
  const open = campaign.state === 'sending' && !ab.winner;

  return (
    <section className={detail.card} aria-labelledby="campaign-ab" data-section="ab">
      <h2 id="campaign-ab">{t('commsCampaigns.ab.results')}</h2>
      <p className={styles.muted}>
        {t('commsCampaigns.ab.setup', {
          share: format.number(ab.share),
          measure: t(`commsCampaigns.ab.measures.${ab.measure}`),
          hours: format.number(ab.durationHours),
        })}
      </p>
      {answer.status === 'error' && (
        <p role="alert" className={detail.notice} data-tone="bad">
          {t('commsCampaigns.ab.unavailable')}
        </p>
      )}
      {results && (
        <>
          <table className={list.table} aria-label={t('commsCampaigns.ab.results')}>
            <thead>
              <tr>
                <th scope="col">{t('commsCampaigns.ab.variant')}</th>
                {COLUMNS.map((name) => (
                  <th key={name} scope="col">
                    {t(`commsCampaigns.ab.columns.${name}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {AB_VARIANTS.map((variant) => (
                <tr key={variant} data-variant={variant}>
                  <th scope="row">{t(`commsCampaigns.ab.variants.${variant}`)}</th>
                  {COLUMNS.map((name) => (
                    <td key={name} data-column={name}>
                      {cell(results.variants[variant][name], name.endsWith('Rate'))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p className={styles.muted}>{t('commsCampaigns.ab.untracked', { count: results.untracked })}</p>
          <dl className={detail.facts}>
            <div>
              <dt>{t('commsCampaigns.ab.variant')}</dt>
              <dd data-ab-outcome={ab.winner ? 'winner' : 'leader'}>
                {ab.winner
                  ? `${t('commsCampaigns.ab.winner', { variant: t(`commsCampaigns.ab.variants.${ab.winner}`) })} (${
                      ab.winnerBy === 'system'
                        ? t('commsCampaigns.ab.winnerBySystem')
                        : t('commsCampaigns.ab.winnerByAdmin')
                    })`
                  : t('commsCampaigns.ab.leader', {
                      variant: t(`commsCampaigns.ab.variants.${results.leader}`),
                    })}
              </dd>
            </div>
            {ab.winnerAt ? (
              <div>
                <dt>{t('commsCampaigns.ab.winnerAt')}</dt>
                <dd>{format.dateTime(ab.winnerAt)}</dd>
              </div>
            ) : ab.testEndsAt ? (
              <div>
                <dt>{t('commsCampaigns.ab.testEndsAt')}</dt>
                <dd>{format.dateTime(ab.testEndsAt)}</dd>
              </div>
            ) : null}
          </dl>
          <p data-ab-rest>
            {ab.winner
              ? t('commsCampaigns.ab.rest', {
                  sent: format.number(results.rest.sent),
                  total: format.number(results.rest.total),
                })
              : t('commsCampaigns.ab.restWaiting', { total: format.number(results.rest.total) })}
          </p>
        </>
      )}
      {open && (
        <div className={detail.actions}>
          {AB_VARIANTS.map((variant) => (
            <Button key={variant} variant="secondary" onClick={() => setChoosing(variant)}>
              {t('commsCampaigns.ab.choose', { variant: t(`commsCampaigns.ab.variants.${variant}`) })}
            </Button>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={choosing !== undefined}
        title={t('commsCampaigns.ab.chooseTitle', {
          variant: t(`commsCampaigns.ab.variants.${choosing ?? 'a'}`),
        })}
        confirmLabel={t('commsCampaigns.ab.choose', {
          variant: t(`commsCampaigns.ab.variants.${choosing ?? 'a'}`),
        })}
        errorArea="commsCampaigns"
        onConfirm={() =>
          adminSend('POST', `comms/campaigns/${encodeURIComponent(campaign.id)}/ab/winner`, {
            variant: choosing,
          })
        }
        onDone={onChosen}
        onClose={() => setChoosing(undefined)}
      >
        <p>{t('commsCampaigns.ab.chooseBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
