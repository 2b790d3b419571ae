/** Small pieces the messages tab's parts share: who the other party is, and the consultation's date. */
import { useTranslation } from 'react-i18next';
import type { CallSessionDoc } from '../../domain/mine';

/** The name of the other party of a consultation, as this user's copy records it. */
export function partnerName(call: CallSessionDoc): string {
  return call.role === 'client' ? call.providerName : call.clientName;
}

/** The day of a consultation: when it ended, or when it was booked. */
export function consultationDay(call: CallSessionDoc, locale: string): string {
  const when = call.endedAt ?? call.createdAt;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(when));
}

export function ConsultationDate({ call }: { call: CallSessionDoc }) {
  const { i18n } = useTranslation();
  return <time dateTime={call.endedAt ?? call.createdAt}>{consultationDay(call, i18n.language)}</time>;
}
