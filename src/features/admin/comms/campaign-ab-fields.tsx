/**
 * The composer's A/B test: off by default; on, the share of the segment tested, the measure (opens or
 * clicks), the test's duration, and variant B's texts per language (variant A is the campaign's own
 * texts above). Checked with the shared rules (src/domain/comms-ab.ts) before sending.
 */
import { useTranslation } from 'react-i18next';
import {
  AB_DURATION_MAX_HOURS,
  AB_DURATION_MIN_HOURS,
  AB_MEASURES,
  AB_SHARE_MAX,
  AB_SHARE_MIN,
} from '../../../domain/comms-ab';
import { CheckboxField, ChoiceField, TextField } from '../../../ui/form-field';
import styles from '../pricing/admin-form.module.css';
import { campaignFieldId } from './campaign-form';
import type { CampaignForm } from './campaign-form';
import { CampaignTextsFields } from './campaign-texts-fields';

type Props = {
  ab: CampaignForm['ab'];
  onAb: (change: Partial<CampaignForm['ab']>) => void;
  error: (field: string) => string | undefined;
};

export function CampaignAbFields({ ab, onAb, error }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className={styles.card} data-section="ab">
        <legend>{t('commsCampaigns.ab.title')}</legend>
        <CheckboxField
          id="campaign-ab-on"
          label={t('commsCampaigns.ab.enable')}
          checked={ab.on}
          onValue={(on) => onAb({ on })}
        />
        {ab.on && (
          <>
            <p className={styles.hint}>{t('commsCampaigns.ab.hint')}</p>
            <TextField
              id={campaignFieldId('ab.share')}
              type="number"
              inputMode="numeric"
              min={AB_SHARE_MIN}
              max={AB_SHARE_MAX}
              label={t('commsCampaigns.ab.share')}
              hint={t('commsCampaigns.ab.shareHint', { min: AB_SHARE_MIN, max: AB_SHARE_MAX })}
              value={ab.share}
              error={error('ab.share')}
              onValue={(share) => onAb({ share })}
            />
            <ChoiceField
              id={campaignFieldId('ab.measure')}
              label={t('commsCampaigns.ab.measure')}
              value={ab.measure}
              options={AB_MEASURES.map((measure) => ({
                value: measure,
                label: t(`commsCampaigns.ab.measures.${measure}`),
              }))}
              error={error('ab.measure')}
              onValue={(value) => {
                const measure = AB_MEASURES.find((one) => one === value);
                if (measure) onAb({ measure });
              }}
            />
            <TextField
              id={campaignFieldId('ab.durationHours')}
              type="number"
              inputMode="numeric"
              min={AB_DURATION_MIN_HOURS}
              max={AB_DURATION_MAX_HOURS}
              label={t('commsCampaigns.ab.duration')}
              hint={t('commsCampaigns.ab.durationHint', {
                min: AB_DURATION_MIN_HOURS,
                max: AB_DURATION_MAX_HOURS,
              })}
              value={ab.durationHours}
              error={error('ab.durationHours')}
              onValue={(durationHours) => onAb({ durationHours })}
            />
          </>
        )}
      </fieldset>
      {ab.on && (
        <fieldset className={styles.card} id={campaignFieldId('ab.textsB')} tabIndex={-1}>
          <legend>{t('commsCampaigns.ab.textsB')}</legend>
          <p className={styles.hint}>{t('commsCampaigns.ab.textsBHint')}</p>
          {error('ab.textsB') && (
            <p role="alert" className={styles.hint}>
              {error('ab.textsB')}
            </p>
          )}
          <CampaignTextsFields
            variant="b"
            texts={ab.texts}
            error={error}
            onText={(language, text) => onAb({ texts: { ...ab.texts, [language]: text } })}
          />
        </fieldset>
      )}
    </>
  );
}
