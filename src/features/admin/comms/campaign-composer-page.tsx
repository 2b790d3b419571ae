/**
 * `/admin/comms/campaigns/new` (`?segment=<id>` preselects a segment): the composer of a mail
 * campaign: the segment (with how many users it selects now), a subject and body per language, and
 * when to send it (now, or a later date and time), and optionally an A/B test of a variant B. Checked with the shared rules before sending and
 * again by the service; a refusal keeps everything typed and says why next to the field. Accepted
 * (202), it opens the campaign's page, which follows its sending.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../data/api';
import { checkCampaignInput } from '../../../domain/comms-campaigns';
import type { CampaignFieldProblems, CampaignView } from '../../../domain/comms-campaigns';
import { adminSend } from '../admin-api';
import { AdminForm } from '../pricing/admin-form';
import styles from '../pricing/admin-form.module.css';
import { useAdminForm } from '../pricing/use-admin-form';
import { AdminPage } from '../ui/admin-page';
import { campaignBody, campaignFieldId, CAMPAIGN_FIELDS, newCampaignForm } from './campaign-form';
import type { CampaignForm } from './campaign-form';
import { CampaignAbFields } from './campaign-ab-fields';
import { CampaignTextsFields } from './campaign-texts-fields';
import { campaignPath, campaignsPath } from './comms-paths';
import { ScheduleFields } from './schedule-fields';
import { scheduleMissing } from './schedule-form';
import { SegmentChoice } from './target-fields';

function problems(form: CampaignForm): CampaignFieldProblems | undefined {
  const check = checkCampaignInput(campaignBody(form));
  const fields: CampaignFieldProblems = check.ok ? {} : { ...check.fields };
  if (scheduleMissing(form)) fields.scheduledAt = 'required';
  return Object.keys(fields).length ? fields : undefined;
}

export function CampaignComposerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { form, change, update, error, ...state } = useAdminForm<CampaignForm>({
    area: 'commsCampaigns',
    initial: () => newCampaignForm(params.get('segment') ?? ''),
    fields: CAMPAIGN_FIELDS,
    idOf: campaignFieldId,
    check: problems,
    save: async (typed) => {
      try {
        const { campaign } = await adminSend<{ campaign: CampaignView }>(
          'POST',
          'comms/campaigns',
          campaignBody(typed),
        );
        void navigate(campaignPath(campaign.id));
      } catch (failure) {
        if (failure instanceof ApiError && failure.code === 'segment_not_found') {
          throw new ApiError(failure.status, 'validation', { segmentId: failure.code });
        }
        throw failure;
      }
    },
  });

  return (
    <AdminPage
      title={t('commsCampaigns.compose.pageTitle')}
      subtitle={t('commsCampaigns.compose.subtitle')}
      back={{ to: campaignsPath(), label: t('commsCampaigns.list.backToList') }}
    >
      <AdminForm
        state={state}
        testId="campaign-form"
        saveLabel={form.later ? t('commsCampaigns.compose.schedule') : t('commsCampaigns.compose.send')}
        savedText={t('commsCampaigns.compose.sent')}
      >
        <fieldset className={styles.card}>
          <legend>{t('commsCampaigns.compose.target')}</legend>
          <SegmentChoice
            id={campaignFieldId('segmentId')}
            segmentId={form.segmentId}
            onSegment={(segmentId) => change({ segmentId })}
            error={error('segmentId')}
          />
        </fieldset>
        <CampaignTextsFields
          texts={form.texts}
          error={(field) => error(field)}
          onText={(language, text) =>
            update((current) => ({ ...current, texts: { ...current.texts, [language]: text } }))
          }
        />
        <CampaignAbFields
          ab={form.ab}
          error={(field) => error(field)}
          onAb={(ab) => update((current) => ({ ...current, ab: { ...current.ab, ...ab } }))}
        />
        <ScheduleFields
          form={form}
          onChange={change}
          ids={{ later: 'campaign-later', scheduledAt: campaignFieldId('scheduledAt') }}
          labels={{
            legend: t('commsCampaigns.compose.when'),
            later: t('commsCampaigns.compose.later'),
            scheduledAt: t('commsCampaigns.compose.scheduledAt'),
            hint: t('commsCampaigns.compose.scheduledAtHint'),
          }}
          error={error('scheduledAt')}
        />
      </AdminForm>
    </AdminPage>
  );
}
