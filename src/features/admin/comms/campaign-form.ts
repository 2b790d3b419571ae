/**
 * The campaign composer's values as typed, and the request the service takes
 * (src/domain/comms-campaigns.ts `CampaignInput`). French is always sent; another language once the
 * admin typed anything in it (a half-written one is then refused at its empty field). The schedule
 * is typed in the admin's local time (`datetime-local`) and sent as an instant.
 */
import type { AbMeasure } from '../../../domain/comms-ab';
import type { CampaignInput, CampaignText } from '../../../domain/comms-campaigns';
import { LANGUAGES } from '../../../domain/languages';
import type { Language } from '../../../domain/languages';

export type CampaignForm = {
  segmentId: string;
  texts: Record<Language, CampaignText>;
  /** Send later: the local date and time typed (`2026-12-01T09:30`), or '' to send now. */
  later: boolean;
  scheduledAt: string;
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
    later: false,
    scheduledAt: '',
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

/** A `datetime-local` value read in the browser's time zone, as an ISO instant ('' when unreadable). */
export function localToInstant(local: string): string {
  const time = new Date(local).getTime();
  return local && !Number.isNaN(time) ? new Date(time).toISOString() : local;
}

export function campaignBody(form: CampaignForm): CampaignInput {
  const texts = Object.fromEntries(
    campaignLanguages(form).map((language) => [language, form.texts[language]]),
  ) as CampaignInput['texts'];
  return {
    segmentId: form.segmentId,
    texts,
    ...(form.later ? { scheduledAt: localToInstant(form.scheduledAt) } : {}),
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
