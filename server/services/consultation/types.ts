/**
 * The records of a consultation on the server, and the service that runs it.
 *
 * - `orders/<orderId>` (`StoredOrder`): what was bought, by whom, from whom, for how much, and the
 *   payment's state. Written by the checkout, then by the consultation service.
 * - `calls/<orderId>` (`StoredCall`): the call's state machine (src/domain/call-machine.ts) and the
 *   next timed action (a retry, the end of the consultation), so that a restart resumes it.
 * - `ledger/<orderId>:<entry>`: one document per money movement, its id fixed by the order and the
 *   kind of movement, so that writing it twice is a conflict, never a second movement.
 */
import type { BookingRequest } from '../../../src/domain/booking';
import type { CallEffect, CallState } from '../../../src/domain/call-machine';
import type { Language } from '../../../src/domain/languages';
import type { Profession } from '../../../src/domain/professions';
import type {
  DemoProviderLine,
  OrderState,
  PaymentGatewayKind,
  PaymentState,
  Quote,
} from '../../../src/domain/order';
import type { CreditNoteDoc } from '../../../src/domain/credit-note';
import type { InvoiceDoc } from '../../../src/domain/invoice';
import type { PaymentGateway } from '../../adapters/payments/types';
import type { Telephony, TelephonyEvent, TelephonyEventSink } from '../../adapters/telephony/types';
import type { Config } from '../../config/env';
import type { Store } from '../../store/store';
import type { MoneyBackAction, MoneyBackResult } from './money-back';
import type { RefundOutcome, RefundRequest } from './refunds';

export type StoredOrder = {
  _id: string;
  _rev?: string;
  type: 'order';
  orderId: string;
  state: OrderState;
  /** The browser's idempotency key of the checkout that created the order. */
  idempotencyKey: string;
  client: { uid: string; email: string; language: Language; name: string };
  provider: {
    id: string;
    /** What the call is priced and timed as (the service). */
    role: 'lawyer' | 'expat';
    name: string;
    /**
     * What the directory listed them as when the order was made (the invoice prints it); absent on
     * orders made before it was recorded.
     */
    profession?: Profession;
    /** Whether the provider has an account (and so a user database to write the call's state into). */
    hasAccount: boolean;
    /**
     * Demo mode, a demo expert (no account): the stand-in that plays them for this client, whose
     * database receives the expert's side instead (src/domain/demo-stand-in.ts). See `providerUid`.
     */
    standInUid?: string;
    /** A test profile an admin made (aaaprofiles): the order is left out of the platform's figures. */
    isTestProfile?: true;
  };
  booking: BookingRequest;
  quote: Quote;
  /** The platform commission rate in force when the order was made (settings, 0.15 by default). */
  commissionRate: number;
  /**
   * The affiliate whose link the client signed up through, when the order was made within the
   * referral window (src/domain/affiliates.ts), with their rate then: the consultation earns them
   * that share of the platform's commission once captured.
   */
  affiliate?: { id: string; rate: number };
  /**
   * The call settings in force when the order was made (settings `callTimeout`, in seconds, and
   * `maxCallDuration`, in minutes): an admin's later change applies to later orders only. Absent on
   * orders placed before they were recorded, which read the current settings.
   */
  callTerms?: { callTimeout: number; maxCallDuration: number };
  /** Demo mode only: how the simulated expert line behaves. */
  demoProviderLine?: DemoProviderLine;
  payment: {
    gateway: PaymentGatewayKind;
    intentId: string;
    clientSecret: string;
    state: PaymentState;
    /** The card's last refusal (`card_declined`…), while the order waits for another try. */
    lastError?: string;
    authorisedAt?: string;
    capturedAt?: string;
    releasedAt?: string;
    refundedAt?: string;
    refundId?: string;
    /**
     * How much of the capture has been given back so far, in minor units (the sum of the `done`
     * refunds). The state stays `captured` while part of it is still charged, `refunded` once all is.
     */
    refunded?: number;
  };
  /**
   * Billed to a company account (src/domain/b2b.ts) instead of a card: no card invoice; completion
   * records when and how long, and the company's monthly invoice bills it (services/b2b/billing.ts).
   */
  billing?: {
    accountId: string;
    accountName: string;
    completedAt?: string;
    consultationAt?: string;
    callSeconds?: number;
  };
  /** Refunds of the captured payment, whole or in part, in the order they were asked for. */
  refunds?: StoredRefund[];
  /**
   * Set by the earlier scheme once it had added the order's promo use to `coupon.uses`; such an order
   * holds no reservation and needs none. Uses are now reserved at checkout (services/coupons/uses.ts).
   */
  couponCounted?: boolean;
  invoiceNumber?: string;
  /** When the invoice was issued (its `issuedAt`); absent on orders invoiced before it was recorded. */
  invoicedAt?: string;
  /** The invoice's tax figures, copied onto the order for the console's VAT reports. */
  invoiceTax?: InvoiceTax;
  /**
   * The client's review, recorded before it is published (see services/reviews.ts): `pending` until
   * every step of the publication is done, so that a publication cut short is finished at start.
   */
  review?: {
    uid: string;
    rating: number;
    comment: string;
    language: Language;
    state: 'pending' | 'done';
    at: string;
  };
  createdAt: string;
  updatedAt: string;
};

/** What the invoice of an order charged, VAT split (minor units), and for whom (client's country). */
export type InvoiceTax = { net: number; vat: number; total: number; vatRate: number; country?: string };

/**
 * One refund of a captured payment. Reserved on the order (`pending`, so that concurrent refunds
 * never give back more than was charged), then made at the gateway with the idempotency key
 * `<orderId>:refund:<key>`, then recorded in the ledger under the gateway's refund id and marked
 * `done`. A refund made at the gateway itself (reported by webhook) is recorded with the key
 * `gateway:<refundId>`. A refund of an invoiced consultation issues a credit note.
 */
export type StoredRefund = {
  /** The request's idempotency key: the same key is the same refund, whatever the amount sent. */
  key: string;
  amount: number;
  /** Why (admin's words, up to 500 characters; `gateway` for one reported by the gateway). */
  reason: string;
  /** The admin's uid, `system` (a failed consultation) or `gateway`. */
  by: string;
  state: 'pending' | 'done';
  requestedAt: string;
  /** The gateway's refund id (`re_…`, `sim-refund:…`). */
  refundId?: string;
  refundedAt?: string;
  /** The credit note issued for it (`AV-2026-000001`, a sequence of its own), when invoiced. */
  creditNote?: { number: string; issuedAt: string; net: number; vat: number; total: number };
  /** Why no credit note could be issued (its invoice is gone with the client's account). */
  noCreditNote?: 'invoice_gone';
};

export type StoredCall = {
  _id: string;
  _rev?: string;
  type: 'call';
  orderId: string;
  state: CallState;
  /** Timed actions still to come (a retry, the end of the consultation), earliest first. */
  timers: { action: 'retry_due' | 'time_up'; at: string }[];
  /** Effects decided but not yet carried out, in order (resumed after a restart). */
  pending: CallEffect[];
  /** When the client's phone is expected to ring, for the countdown. */
  expectedCallAt?: string;
  createdAt: string;
  updatedAt: string;
};

/** What the HTTP routes (checkout, payment confirmations, webhooks) tell the consultation service. */
export interface ConsultationService {
  /**
   * The payment of an order is authorised (held): start the consultation. Idempotent: a second
   * notice (webhook after the browser's confirmation, or the reverse) changes nothing.
   */
  paymentAuthorised(orderId: string): Promise<void>;
  /** The card was refused: the order stays awaiting payment with the reason, for another try. */
  paymentFailed(orderId: string, reason: string): Promise<void>;
  /** The gateway reports a capture, a cancellation or a refund (webhooks): recorded, never repeated. */
  paymentSettled(orderId: string, event: 'captured' | 'released' | 'refunded'): Promise<void>;
  /** A callback of the telephony (Twilio webhook or the simulation). */
  telephonyEvent(event: TelephonyEvent): Promise<void>;
}

export type ConsultationOptions = {
  store: Store;
  config: Config;
  gateway: PaymentGateway;
  /** Builds the telephony adapter, given where it must report call events. */
  telephony: (sink: TelephonyEventSink) => Telephony;
  /** Mails an invoice (PDF attached); failures are logged, the invoice stays in the client's database. */
  mailInvoice?: (invoice: InvoiceDoc, to: string) => Promise<void>;
  /** Mails a credit note (PDF attached); failures are logged, it stays in the client's database. */
  mailCreditNote?: (creditNote: CreditNoteDoc, to: string) => Promise<void>;
  now?: () => Date;
  log?: (message: string, error?: unknown) => void;
};

export type Consultations = ConsultationService & {
  readonly telephony: Telephony;
  /** Picks up every consultation under way (after a restart); answers how many. */
  resume(): Promise<number>;
  /** Stops the timers (shutdown, tests). */
  stop(): void;
  /** Resolves once no event is being applied (tests, benchmarks). */
  idle(): Promise<void>;
  /**
   * An admin ends the consultation (the call machine's `end` event); answers its phase after, or
   * undefined for an order without a call.
   */
  endCall(orderId: string): Promise<StoredCall | undefined>;
  /** An admin releases or refunds an order's payment, once (see money-back.ts). */
  giveMoneyBack(
    orderId: string,
    action: MoneyBackAction,
    asked?: { by: string; reason?: string },
  ): Promise<MoneyBackResult>;
  /** An admin refunds all or part of a captured payment, once per request key (see refunds.ts). */
  refund(orderId: string, request: RefundRequest): Promise<RefundOutcome>;
};
