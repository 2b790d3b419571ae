/**
 * A campaign's texts, one card per language: French required (every recipient without their own
 * language reads it), the four others optional; each subject and body shows how many characters are
 * left of the service's limits (CAMPAIGN_SUBJECT_MAX, CAMPAIGN_BODY_MAX). `variant="b"`: an A/B
 * test's second text (fields `ab.textsB.…`, labelled B).
 */
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_BODY_MAX, CAMPAIGN_SUBJECT_MAX } from '../../../domain/comms-campaigns';
import type { CampaignText } from '../../../domain/comms-campaigns';
import { LANGUAGES } from '../../../domain/languages';
import type { Language } from '../../../domain/languages';
import { TextAreaField, TextField } from '../../../ui/form-field';
import { languageName } from '../../../ui/intl';
import styles from '../pricing/admin-form.module.css';
import { campaignFieldId } from './campaign-form';
import comms from './comms.module.css';

type Props = {
  texts: Record<Language, CampaignText>;
  onText: (language: Language, text: CampaignText) => void;
  error: (field: string) => string | undefined;
  /** The id of a field's control (another form's, e.g. an automation's). */
  idOf?: (field: string) => string;
  /** An A/B test's second text (`ab.textsB`). */
  variant?: 'b';
};

function Counter({ length, max }: { length: number; max: number }) {
  const { t } = useTranslation();
  return (
    <span className={comms.counter} data-over={length > max ? 'true' : undefined}>
      {t('commsCampaigns.compose.counter', { length, max })}
    </span>
  );
}

export function CampaignTextsFields({ texts, onText, error, idOf = campaignFieldId, variant }: Props) {
  const { t, i18n } = useTranslation();
  const prefix = variant === 'b' ? 'ab.textsB' : 'texts';
  const subjectLabel = variant === 'b' ? 'commsCampaigns.ab.subjectB' : 'commsCampaigns.compose.subject';
  const bodyLabel = variant === 'b' ? 'commsCampaigns.ab.bodyB' : 'commsCampaigns.compose.body';
  return (
    <>
      {variant !== 'b' && (
        <p className={`${styles.hint} ${comms.fallback}`}>{t('commsCampaigns.compose.fallback')}</p>
      )}
      {LANGUAGES.map((language) => {
        const text = texts[language];
        const name = languageName(language, i18n.language);
        const field = (part: 'subject' | 'body') => `${prefix}.${language}.${part}`;
        return (
          <fieldset key={language} className={styles.card} lang={language}>
            <legend lang={i18n.language}>
              {language === 'fr'
                ? t('commsCampaigns.compose.textsRequired', { language: name })
                : t('commsCampaigns.compose.textsOptional', { language: name })}
            </legend>
            <TextField
              id={idOf(field('subject'))}
              label={<span lang={i18n.language}>{t(subjectLabel, { language: name })}</span>}
              value={text.subject}
              maxLength={CAMPAIGN_SUBJECT_MAX}
              autoComplete="off"
              hint={<Counter length={text.subject.length} max={CAMPAIGN_SUBJECT_MAX} />}
              error={error(field('subject'))}
              onValue={(subject) => onText(language, { ...text, subject })}
            />
            <TextAreaField
              id={idOf(field('body'))}
              label={<span lang={i18n.language}>{t(bodyLabel, { language: name })}</span>}
              value={text.body}
              rows={8}
              maxLength={CAMPAIGN_BODY_MAX}
              hint={<Counter length={text.body.length} max={CAMPAIGN_BODY_MAX} />}
              error={error(field('body'))}
              onValue={(body) => onText(language, { ...text, body })}
            />
          </fieldset>
        );
      })}
    </>
  );
}
