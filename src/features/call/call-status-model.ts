/**
 * What the payment-success page says about a consultation, from the live `call_session` document
 * (or, until it arrives, the order the API answers): the headline and detail of the current phase,
 * the step reached, the clock to show, what became of the client's money (src/domain/payment-state.ts).
 * Pure, no React: the page renders what this module decides, and the unit tests cover every phase
 * and failure.
 */
import type { CallSessionDoc } from '../../domain/mine';
import type { CallFailure, CallPhase, OrderView, PaymentState } from '../../domain/order';
import { clientMoney } from '../../domain/payment-state';
import type { ClientMoney } from '../../domain/payment-state';
import { SERVICES } from '../../domain/promo';
import type { ServiceKey } from '../../domain/promo';

/** Whose page this is: the client who booked, or the expert booked (their own copy of the session). */
export type Viewer = 'client' | 'provider';

/** The consultation as the page shows it, whichever source it came from. */
export type CallView = {
  orderId: string;
  viewer: Viewer;
  /** A string, not a ServiceKey: an order from an older or newer server may name a service unknown here. */
  service: string;
  providerId: string;
  providerName: string;
  clientName: string;
  phase: CallPhase;
  attempt: number;
  maxAttempts: number;
  failure?: CallFailure;
  durationMinutes: number;
  expectedCallAt?: string;
  /** Between two attempts on the current leg: when the next one is placed. */
  retryAt?: string;
  connectedAt?: string;
  endsAt?: string;
  endedAt?: string;
  payment: PaymentState;
  currency: string;
  /** Client: what was paid. Provider: what they earn (unknown from the order alone). */
  amount?: number;
  /** Client: how much of a charged payment was given back so far (partial refunds). */
  refunded?: number;
  invoiceId?: string;
  /** Client: the company whose monthly invoice bills the consultation (no card invoice comes). */
  billedTo?: string;
};

export function viewOfSession(session: CallSessionDoc): CallView {
  return {
    orderId: session.orderId,
    viewer: session.role,
    service: session.service,
    providerId: session.providerId,
    providerName: session.providerName,
    clientName: session.clientName,
    phase: session.phase,
    attempt: session.attempt,
    maxAttempts: session.maxAttempts,
    failure: session.failure,
    durationMinutes: session.durationMinutes,
    expectedCallAt: session.expectedCallAt,
    retryAt: session.retryAt,
    connectedAt: session.connectedAt,
    endsAt: session.endsAt,
    endedAt: session.endedAt,
    payment: session.payment,
    currency: session.currency,
    amount: session.amount,
    refunded: session.refunded,
    invoiceId: session.invoiceId,
    billedTo: session.billedTo,
  };
}

/** The order's view of the call; the viewer is the provider when the signed-in user is the one booked. */
export function viewOfOrder(order: OrderView, uid: string | undefined): CallView {
  const viewer: Viewer = uid !== undefined && uid === order.providerId ? 'provider' : 'client';
  return {
    orderId: order.orderId,
    viewer,
    service: order.service,
    providerId: order.providerId,
    providerName: order.providerName,
    clientName: order.clientName,
    phase: order.call.phase,
    attempt: order.call.attempt,
    maxAttempts: order.call.maxAttempts,
    failure: order.call.failure,
    durationMinutes: order.durationMinutes,
    expectedCallAt: order.call.expectedCallAt,
    retryAt: order.call.retryAt,
    connectedAt: order.call.connectedAt,
    endsAt: order.call.endsAt,
    endedAt: order.call.endedAt,
    payment: order.payment.state,
    currency: order.quote.currency,
    amount: viewer === 'client' ? order.quote.total : undefined,
    invoiceId: order.invoiceId,
    billedTo: order.billedTo,
  };
}

export function isKnownService(service: string): service is ServiceKey {
  return (SERVICES as readonly string[]).includes(service);
}

/** The expert's role, for the link to other experts of the same kind. */
export function roleOfService(service: ServiceKey): 'lawyer' | 'expat' {
  return service === 'lawyerCall' ? 'lawyer' : 'expat';
}

// ---------------------------------------------------------------------------------------------
// Where the page stands

/** How long the page waits, online, for an order it can neither read nor see replicated. */
export const ORDER_WAIT_MS = 20_000;

export type PageState =
  | { kind: 'ready'; view: CallView }
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'serviceUnknown' }
  /** Offline with nothing on this device about the order yet. */
  | { kind: 'offline' };

/**
 * The live session wins over the order (it is newer: the order is read once). Without either, the
 * page waits while the request is under way; a 404 is definite, and so is silence after a while
 * online; offline with nothing local, it says so and keeps waiting.
 */
export function pageState(input: {
  session: CallSessionDoc | null | undefined;
  order: OrderView | undefined;
  orderError: string | undefined;
  uid: string | undefined;
  online: boolean;
  waitedMs: number;
}): PageState {
  const view = input.session
    ? viewOfSession(input.session)
    : input.order
      ? viewOfOrder(input.order, input.uid)
      : undefined;
  if (view) return isKnownService(view.service) ? { kind: 'ready', view } : { kind: 'serviceUnknown' };
  if (input.orderError === 'order_not_found') return { kind: 'notFound' };
  if (!input.online) return { kind: 'offline' };
  if (input.session === null && input.waitedMs >= ORDER_WAIT_MS) return { kind: 'notFound' };
  return { kind: 'loading' };
}

// ---------------------------------------------------------------------------------------------
// Messages

export type HeadlineKey =
  | 'contacting'
  | 'retrying'
  | 'callingYouAgain'
  | 'ringing'
  | 'connecting'
  | 'inProgress'
  | 'completed'
  | 'failed'
  | 'newConsultation'
  | 'clientRinging';

export type DetailKey =
  | 'countdown'
  | 'soon'
  | 'aboutToRing'
  | 'retryWait'
  | 'retrying'
  | 'clientRetryWait'
  | 'answer'
  | 'connecting'
  | 'remaining'
  | 'ongoing'
  | 'ending'
  | 'completed'
  | 'providerNoAnswer'
  | 'clientNoAnswer'
  | 'callFailed'
  | 'providerWait'
  | 'providerAnswer'
  | 'providerClientCalled'
  | 'providerCompleted'
  | 'providerYouNoAnswer'
  | 'providerClientNoAnswer';

/** Why a call failed, as the client reads it; no failure recorded reads as a failed call. */
export function failureKey(
  failure: CallFailure | undefined,
): 'providerNoAnswer' | 'clientNoAnswer' | 'callFailed' {
  if (failure === 'provider_no_answer') return 'providerNoAnswer';
  if (failure === 'client_no_answer') return 'clientNoAnswer';
  return 'callFailed';
}

function providerFailureKey(failure: CallFailure | undefined): DetailKey {
  if (failure === 'provider_no_answer') return 'providerYouNoAnswer';
  if (failure === 'client_no_answer') return 'providerClientNoAnswer';
  return 'callFailed';
}

/** Milliseconds left before an instant, or undefined without one. Never negative. */
export function msUntil(at: string | undefined, now: number): number | undefined {
  if (!at) return undefined;
  const target = Date.parse(at);
  return Number.isNaN(target) ? undefined : Math.max(0, target - now);
}

/** A countdown or remaining time as mm:ss (h:mm:ss from an hour), rounded up to the second. */
export function formatClock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** How long the call lasted, in whole seconds, when both ends are known. */
export function callSeconds(view: Pick<CallView, 'connectedAt' | 'endedAt'>): number | undefined {
  if (!view.connectedAt || !view.endedAt) return undefined;
  const seconds = Math.round((Date.parse(view.endedAt) - Date.parse(view.connectedAt)) / 1000);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/** "18 min 32 s" in the interface language (the seconds left out when there are none). */
export function formatCallDuration(seconds: number, locale: string): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const unit = (value: number, name: 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (minutes === 0) return unit(rest, 'second');
  return rest === 0 ? unit(minutes, 'minute') : `${unit(minutes, 'minute')} ${unit(rest, 'second')}`;
}

// ---------------------------------------------------------------------------------------------
// Steps

export const STEPS = ['paid', 'expertContacted', 'clientCalled', 'inProgress', 'completed'] as const;
export type StepKey = (typeof STEPS)[number];
export type StepState = 'done' | 'current' | 'upcoming' | 'failed';

/** The step a phase stands at; a failed call stands at the step where it stopped. */
export function stepIndex(view: Pick<CallView, 'phase' | 'failure' | 'connectedAt'>): number {
  switch (view.phase) {
    case 'scheduled':
    case 'calling_provider':
      return 1;
    case 'calling_client':
    case 'connecting':
      return 2;
    case 'in_progress':
      return 3;
    case 'completed':
      return 4;
    case 'failed':
      if (view.failure === 'provider_no_answer') return 1;
      if (view.failure === 'client_no_answer') return 2;
      return view.connectedAt ? 3 : 2;
  }
}

export function stepStates(view: Pick<CallView, 'phase' | 'failure' | 'connectedAt'>): StepState[] {
  const at = stepIndex(view);
  return STEPS.map((_, index) => {
    if (index < at) return 'done';
    if (index > at) return 'upcoming';
    if (view.phase === 'completed') return 'done';
    return view.phase === 'failed' ? 'failed' : 'current';
  });
}

// ---------------------------------------------------------------------------------------------
// The status as a whole

export type CallStatus = {
  headline: HeadlineKey;
  detail: DetailKey;
  /** The clock to show under the detail (countdown or time remaining), in ms. */
  clockMs?: number;
  /** Which leg is being tried again, when the attempt under way is not the first. */
  retry?: 'provider' | 'client';
  /** The attempt the detail names, when it is not the one under way (the next one is due). */
  attempt?: number;
  /** What became of the client's money (the client's page only: the expert's copy shows earnings). */
  money?: ClientMoney;
  steps: StepState[];
  final: boolean;
};

/**
 * The client's page while the expert's phone is tried: the first attempt counts down to the call
 * expected; after an unanswered one it says so, which attempt comes next and when, and never that
 * the expert is calling (nobody is, until the expert answers).
 */
function contactingExpert(
  view: CallView,
  now: number,
  untilRetry: number | undefined,
  steps: StepState[],
): CallStatus {
  const money = clientMoney(view);
  if (untilRetry !== undefined && untilRetry > 0)
    return { headline: 'retrying', detail: 'retryWait', clockMs: untilRetry, money, steps, final: false };
  // The next attempt is due (its call is being placed), or under way.
  if (untilRetry !== undefined)
    return {
      headline: 'retrying',
      detail: 'retrying',
      attempt: view.attempt + 1,
      money,
      steps,
      final: false,
    };
  if (view.attempt > 1) return { headline: 'retrying', detail: 'retrying', money, steps, final: false };
  const left = msUntil(view.expectedCallAt, now);
  return {
    headline: 'contacting',
    detail: left === undefined ? 'soon' : left > 0 ? 'countdown' : 'aboutToRing',
    clockMs: left !== undefined && left > 0 ? left : undefined,
    money,
    steps,
    final: false,
  };
}

/**
 * The status at `now`. The headline and detail change only when the state does (never with the
 * clock), so the page can announce them politely without reading every second out.
 */
export function callStatus(view: CallView, now: number): CallStatus {
  const steps = stepStates(view);
  const retry = (leg: 'provider' | 'client') => (view.attempt > 1 ? leg : undefined);
  const provider = view.viewer === 'provider';
  const money = provider ? undefined : clientMoney(view);
  // Between two attempts nobody's phone rings, whatever the phase says.
  const untilRetry = msUntil(view.retryAt, now);
  const waitingRetry = untilRetry !== undefined && untilRetry > 0;
  switch (view.phase) {
    case 'scheduled':
    case 'calling_provider': {
      if (!provider) return contactingExpert(view, now, untilRetry, steps);
      const ringing = view.phase === 'calling_provider' && !waitingRetry;
      return {
        headline: ringing ? 'ringing' : 'newConsultation',
        detail: ringing ? 'providerAnswer' : 'providerWait',
        retry: retry('provider'),
        steps,
        final: false,
      };
    }
    case 'calling_client':
      if (provider)
        return {
          headline: 'clientRinging',
          detail: 'providerClientCalled',
          retry: retry('client'),
          steps,
          final: false,
        };
      return waitingRetry
        ? {
            headline: 'callingYouAgain',
            detail: 'clientRetryWait',
            clockMs: untilRetry,
            money,
            steps,
            final: false,
          }
        : { headline: 'ringing', detail: 'answer', retry: retry('client'), money, steps, final: false };
    case 'connecting':
      return { headline: 'connecting', detail: 'connecting', money, steps, final: false };
    case 'in_progress': {
      const left = msUntil(view.endsAt, now);
      return {
        headline: 'inProgress',
        detail: left === undefined ? 'ongoing' : left > 0 ? 'remaining' : 'ending',
        clockMs: left !== undefined && left > 0 ? left : undefined,
        money,
        steps,
        final: false,
      };
    }
    case 'completed':
      return {
        headline: 'completed',
        detail: provider ? 'providerCompleted' : 'completed',
        money,
        steps,
        final: true,
      };
    case 'failed':
      return {
        headline: 'failed',
        detail: provider ? providerFailureKey(view.failure) : failureKey(view.failure),
        money,
        steps,
        final: true,
      };
  }
}
