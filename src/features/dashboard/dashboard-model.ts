/**
 * The dashboard's pure rules: which tabs a role sees, the four call statuses of the spec, the
 * provider's earnings, and what a notification says. Kept apart from the components so that the
 * unit tests check them directly.
 */
import type { UserRole } from '../../domain/professions';
import type { CallSessionDoc, NotificationDoc, NotificationKind } from '../../domain/mine';
import { CALL_FAILURES } from '../../domain/order';
import type { CallFailure, CallPhase, PaymentState } from '../../domain/order';
import { clientMoney, paymentStateOf } from '../../domain/payment-state';
import { formatMoney } from '../../ui/intl';

export const TAB_IDS = [
  'profile',
  'settings',
  'availability',
  'calls',
  'invoices',
  'reviews',
  'notifications',
  'messages',
  'favourites',
] as const;
export type TabId = (typeof TAB_IDS)[number];

/** What an admin's own dashboard keeps: their account; they neither book nor take calls here. */
const ADMIN_TABS: readonly TabId[] = ['profile', 'settings', 'notifications'];

/**
 * What a demo expert's stand-in shows its client (demo mode): the expert's side of their own
 * consultations; the expert's profile and account are not the client's to change.
 */
const STAND_IN_TABS: readonly TabId[] = ['calls', 'notifications', 'messages'];

/**
 * The tabs of a role, in the spec's order: availability only for lawyers and expats; a demo
 * expert's stand-in (`standIn`) keeps its calls, notifications and messages.
 */
export function tabsFor(role: UserRole, standIn = false): TabId[] {
  if (standIn) return [...STAND_IN_TABS];
  if (role === 'admin') return [...ADMIN_TABS];
  const provider = role === 'lawyer' || role === 'expat';
  return TAB_IDS.filter((tab) => tab !== 'availability' || provider);
}

/** The tab named in the address, or the first one when it names none this role has. */
export function tabFromQuery(value: string | null, role: UserRole, standIn = false): TabId {
  const tabs = tabsFor(role, standIn);
  return tabs.find((tab) => tab === value) ?? tabs[0]!;
}

/** The dashboard's four call statuses (spec section 4). */
export type CallStatus = 'completed' | 'pending' | 'in_progress' | 'failed';

export function callStatus(phase: CallPhase): CallStatus {
  switch (phase) {
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'connecting':
    case 'in_progress':
      return 'in_progress';
    case 'scheduled':
    case 'calling_provider':
    case 'calling_client':
      return 'pending';
  }
}

/**
 * What a provider earned (their copy's `amount` is their share after commission), from completed
 * calls only, per currency, in a stable order.
 */
export function earningsByCurrency(calls: readonly CallSessionDoc[]): { currency: string; amount: number }[] {
  const totals = new Map<string, number>();
  for (const call of calls) {
    if (call.role !== 'provider' || call.phase !== 'completed') continue;
    totals.set(call.currency, (totals.get(call.currency) ?? 0) + call.amount);
  }
  return [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => ({ currency, amount }));
}

/**
 * Text keys are camelCase: i18next would read `call_failed` as the key `call` in the context
 * `failed`. Each kind, failure and status has its key here.
 */
const KIND_KEYS = {
  booking_confirmed: 'bookingConfirmed',
  new_booking: 'newBooking',
  call_started: 'callStarted',
  call_completed: 'callCompleted',
  invoice_ready: 'invoiceReady',
  call_failed: 'callFailed',
  // What became of the money is told by its payment state (see notificationText); this is the text
  // of an older notification whose state is not known any more.
  refund_issued: 'moneyBack',
  partial_refund: 'partialRefund',
  call_missed: 'callMissed',
  message_received: 'messageReceived',
  // An announcement shows its own title and body (already in the reader's language); this text is
  // only the line that says who sent it.
  announcement: 'announcement',
} as const satisfies Record<NotificationKind, string>;

const FAILURE_KEYS = {
  provider_no_answer: 'providerNoAnswer',
  client_no_answer: 'clientNoAnswer',
  call_failed: 'callFailed',
} as const satisfies Record<CallFailure, string>;

export const STATUS_KEYS = {
  completed: 'completed',
  pending: 'pending',
  in_progress: 'inProgress',
  failed: 'failed',
} as const satisfies Record<CallStatus, string>;

/** An announcement's own words (src/domain/comms.ts), shown as sent; undefined for any other kind. */
export function announcementText(
  doc: Pick<NotificationDoc, 'kind' | 'params'>,
): { title: string; body: string } | undefined {
  const { title, body } = doc.params;
  if (doc.kind !== 'announcement' || typeof title !== 'string' || typeof body !== 'string') return undefined;
  return { title, body };
}

/** The texts a notification borrows: the service booked, why a call failed. */
export type PartKey =
  | `dashboard.services.${'lawyerCall' | 'expatCall'}`
  | `dashboard.failures.${(typeof FAILURE_KEYS)[CallFailure]}`;
type Translate = (key: PartKey) => string;

/** What the notification texts interpolate, formatted. */
export type NotificationValues = {
  providerName?: string;
  clientName?: string;
  number?: string;
  amount?: string;
  duration?: string;
  service?: string;
  reason?: string;
  /** New messages: who wrote last, the start of their message, and how many are unread. */
  senderName?: string;
  preview?: string;
  count?: number;
};

/**
 * `dashboard.notifications.kinds.<key>`: the kind, the provider's own text of a completed call, or
 * the money's: a lifted hold (not charged) or a refund (charged, then given back).
 */
export type NotificationTextKey =
  | (typeof KIND_KEYS)[NotificationKind]
  | 'callCompletedEarned'
  | 'moneyReleased'
  | 'moneyRefunded'
  | 'partialRefundCreditNote';

function isFailure(value: string | undefined): value is CallFailure {
  return (CALL_FAILURES as readonly (string | undefined)[]).includes(value);
}

/** Plurals come from Intl (12 minutes, 12 Minuten, 12 минут), not from the texts. */
export function formatMinutes(minutes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(
    minutes,
  );
}

/** The text of the money notification, from the payment state it records (src/domain/payment-state.ts). */
function moneyKey(payment: PaymentState | undefined): NotificationTextKey {
  const money = payment ? clientMoney({ payment }) : undefined;
  if (money === 'released') return 'moneyReleased';
  if (money === 'refunded') return 'moneyRefunded';
  return KIND_KEYS.refund_issued;
}

/**
 * The key of a notification's text (`dashboard.notifications.kinds.<key>`) and the values it needs,
 * formatted for the language: money through formatMoney, minutes through Intl, the service and the
 * reason of a failure translated. A provider's "call completed" carries their earnings: its own text.
 * The money notification says what its `payment` param records; an older one without it, what
 * `knownPayment` (the payment of its call on this device) says, or only that nothing is owed.
 */
export function notificationText(
  doc: Pick<NotificationDoc, 'kind' | 'params'>,
  locale: string,
  t: Translate,
  knownPayment?: PaymentState,
): { key: NotificationTextKey; values: NotificationValues } {
  const { params } = doc;
  const text = (name: string) => (typeof params[name] === 'string' ? params[name] : undefined);
  const values: NotificationValues = {};
  for (const name of ['providerName', 'clientName', 'number', 'senderName', 'preview'] as const) {
    const value = params[name];
    if (value !== undefined) values[name] = String(value);
  }
  if (typeof params.count === 'number') values.count = params.count;
  const currency = text('currency');
  if (typeof params.amount === 'number' && currency)
    values.amount = formatMoney(params.amount, currency, locale);
  if (typeof params.minutes === 'number') values.duration = formatMinutes(params.minutes, locale);
  const service = text('service');
  if (service === 'lawyerCall' || service === 'expatCall')
    values.service = t(`dashboard.services.${service}`);
  const failure = text('failure');
  if (isFailure(failure)) values.reason = t(`dashboard.failures.${FAILURE_KEYS[failure]}`);
  const key: NotificationTextKey =
    doc.kind === 'call_completed' && values.amount
      ? 'callCompletedEarned'
      : doc.kind === 'refund_issued'
        ? moneyKey(paymentStateOf(params.payment) ?? knownPayment)
        : doc.kind === 'partial_refund' && values.number
          ? 'partialRefundCreditNote'
          : KIND_KEYS[doc.kind];
  return { key, values };
}
