/**
 * A segment's rules in one readable line ("Clients · English · signed up after 1 Jan 2026 · has
 * booked"), for the list of segments and a broadcast's target. Days are shown as the rules read
 * them: the start of that day in UTC, whatever the admin's time zone.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SegmentRules } from '../../../domain/comms';
import { countryName, languageName } from '../../../ui/intl';
import { DATE_RULES, FLAG_RULES } from './segment-form';

/** Countries named in full before "and N more". */
const COUNTRIES_SHOWN = 3;

export function useRuleSummary(): (rules: SegmentRules) => string {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback(
    (rules: SegmentRules) => {
      const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
      const list = new Intl.ListFormat(locale, { type: 'disjunction' });
      const parts: string[] = [];
      if (rules.roles?.length) {
        parts.push(list.format(rules.roles.map((role) => t(`admin.comms.roles.${role}`))));
      }
      if (rules.languages?.length) {
        parts.push(
          t('admin.comms.summary.languages', {
            list: list.format(rules.languages.map((code) => languageName(code, locale))),
          }),
        );
      }
      if (rules.countries?.length) {
        const names = rules.countries.slice(0, COUNTRIES_SHOWN).map((code) => countryName(code, locale));
        const more = rules.countries.length - names.length;
        parts.push(
          t('admin.comms.summary.countries', {
            list:
              more > 0
                ? t('admin.comms.summary.andMore', { list: names.join(', '), count: more })
                : list.format(names),
          }),
        );
      }
      for (const rule of DATE_RULES) {
        const value = rules[rule];
        if (value) parts.push(t(`admin.comms.summary.${rule}`, { date: day.format(new Date(value)) }));
      }
      for (const rule of FLAG_RULES) {
        const value = rules[rule];
        if (value !== undefined) parts.push(t(`admin.comms.summary.${rule}.${value ? 'yes' : 'no'}`));
      }
      return parts.length ? parts.join(' · ') : t('admin.comms.summary.everyone');
    },
    [t, locale],
  );
}
