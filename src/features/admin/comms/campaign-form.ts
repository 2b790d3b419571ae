/**
 * The campaign composer's values as typed, and the request the service takes
 * (src/domain/comms-campaigns.ts `CampaignInput`). French is always sent; another language once the
 * admin typed anything in it (a half-written one is then refused at its empty field). The schedule
 * is typed in the admin's local time and sent as an instant (schedule-form.ts).
 */
import type { AbMeasure } from '../../../domain/comms-ab';
import type { CampaignInput, CampaignText } from '../../../domain/comms-campaigns';
import { LANGUAGES } from '../../../domain/languages';
import type { Language } from '../../../domain/languages';
import { newScheduleForm, scheduleBody } from './schedule-form';
import type { ScheduleForm } from './schedule-form';

/** `later`, `scheduledAt`: when to send it (schedule-form.ts). */
export type CampaignForm = ScheduleForm & {
  segmentId: string;
  texts: Record<Language, CampaignText>;
  /** An A/B test: on or off, variant B's texts, the share and duration as typed, the measure. */
  ab: {
    on: boolean;
    texts: Record<Language, CampaignText>;
    share: string;
    measure: AbMeasure;
    durationHours: string;
  };
};

const noTexts = () =>
  Object.fromEntries(LANGUAGES.map((language) => [language, { subject: '', body: '' }])) as Record<
    Language,
    CampaignText
  >;

/** The fields in screen order, as the service names them (a refused send focuses the first). */
export const CAMPAIGN_FIELDS = [
  'segmentId',
  ...LANGUAGES.flatMap((language) => [`texts.${language}.subject`, `texts.${language}.body`]),
  'scheduledAt',
  'ab.share',
  'ab.measure',
  'ab.durationHours',
  'ab.textsB',
  ...LANGUAGES.flatMap((language) => [`ab.textsB.${language}.subject`, `ab.textsB.${language}.body`]),
] as const;

export const campaignFieldId = (field: string) => `campaign-${field.replace(/\./g, '-')}`;

export function newCampaignForm(segmentId = ''): CampaignForm {
  return {
    segmentId,
    texts: noTexts(),
    ...newScheduleForm(),
    ab: { on: false, texts: noTexts(), share: '20', measure: 'opens', durationHours: '24' },
  };
}

const typed = (text: CampaignText) => text.subject.trim() !== '' || text.body.trim() !== '';

const languagesOf = (texts: Record<Language, CampaignText>): Language[] =>
  LANGUAGES.filter((language) => language === 'fr' || typed(texts[language]));

export const campaignLanguages = (form: CampaignForm): Language[] => languagesOf(form.texts);

/** A number typed, as the service takes it (anything else is sent as typed, and refused there). */
const typedNumber = (value: string): number | string =>
  /^\d{1,6}$/.test(value.trim()) ? Number(value) : value;

export function campaignBody(form: CampaignForm): CampaignInput {
  const texts = Object.fromEntries(
    campaignLanguages(form).map((language) => [language, form.texts[language]]),
  ) as CampaignInput['texts'];
  return {
    segmentId: form.segmentId,
    texts,
    ...scheduleBody(form),
    ...(form.ab.on
      ? {
          ab: {
            textsB: Object.fromEntries(
              languagesOf(form.ab.texts).map((language) => [language, form.ab.texts[language]]),
            ) as CampaignInput['texts'],
            share: typedNumber(form.ab.share),
            measure: form.ab.measure,
            durationHours: typedNumber(form.ab.durationHours),
          } as NonNullable<CampaignInput['ab']>,
        }
      : {}),
  };
}
