/**
 * What the admin console's operations screens read (dashboard, consultations, contact inbox), as
 * `/api/admin/dashboard`, `/api/admin/calls…` and `/api/admin/contact-messages…` answer it: one
 * definition for the service (server/services/admin/) and the console (src/features/admin/).
 */
import type { LegRecord } from './call-machine';
import type { Currency } from './config';
import type { ContactCategory, ContactMessage } from './contact';
import type { Language } from './languages';
import type { CallFailure, CallPhase, OrderState, PaymentGatewayKind, PaymentState, Quote } from './order';
import type { ClientMoney } from './payment-state';

// ---------------------------------------------------------------------------------------------
// Dashboard

export type MoneyFigure = {
  currency: Currency;
  /** Captured in the period (minor units). */
  paid: number;
  /** The platform's commission on what was captured in the period. */
  commission: number;
  /** Refunded in the period, and the commission that went back with it. */
  refunded: number;
  refundedCommission: number;
};

export type DashboardFigures = {
  at: string;
  timeZone: string;
  /** Where "today", "this month" and the last seven days start (ISO instants), for the links. */
  todayFrom: string;
  monthFrom: string;
  weekFrom: string;
  consultations: { inProgress: number; connecting: number };
  money: { today: MoneyFigure[]; month: MoneyFigure[] };
  approvals: { lawyers: number; expats: number };
  providersOnline: { lawyers: number; expats: number };
  failedCalls24h: number;
  failedFrom: string;
  signups: { today: number; week: number };
  /** Test profiles are left out of every figure above; what they would add to the account figures. */
  testProfiles: { pendingApprovals: number; providersOnline: number; signupsWeek: number };
};

// ---------------------------------------------------------------------------------------------
// Consultations

export type ConsultationRow = {
  orderId: string;
  createdAt: string;
  state: OrderState;
  service: Quote['service'];
  total: number;
  currency: Quote['currency'];
  client: { uid: string; name: string };
  provider: { id: string; name: string; role: 'lawyer' | 'expat'; isTestProfile?: boolean };
  payment: PaymentState;
  money: ClientMoney;
  phase: CallPhase;
  attempt: number;
  failure?: CallFailure;
};

export type ConsultationPayment = {
  gateway: PaymentGatewayKind;
  intentId: string;
  state: PaymentState;
  lastError?: string;
  authorisedAt?: string;
  capturedAt?: string;
  releasedAt?: string;
  refundedAt?: string;
  refundId?: string;
};

export type ConsultationDetail = Omit<ConsultationRow, 'client'> & {
  commissionRate: number;
  quote: Quote;
  client: ConsultationRow['client'] & { email: string; language: string; phone: string };
  booking: { title: string; description: string; interventionCountry: string; languages: string[] };
  invoiceNumber?: string;
  paymentDetail: ConsultationPayment;
  call?: {
    leg: 'provider' | 'client';
    retryAt?: string;
    connectedAt?: string;
    endsAt?: string;
    endedAt?: string;
    callSeconds?: number;
    expectedCallAt?: string;
    legs: LegRecord[];
  };
  /** The telephony's callbacks and timers as applied, oldest first. */
  logs: { at: string; event: Record<string, unknown> }[];
  ledger: { kind: string; amount: number; currency: string; at: string }[];
  /** What an admin may do now. */
  actions: { end: boolean; release: boolean; refund: boolean };
};

// ---------------------------------------------------------------------------------------------
// Contact inbox

export const CONTACT_STATUSES = ['new', 'in_progress', 'answered'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_REPLY_MAX = 10_000;

export type ContactReply = {
  id: string;
  by: string;
  at: string;
  language: Language;
  text: string;
  state: 'sending' | 'sent' | 'failed';
};

export type ContactListItem = {
  id: string;
  name: string;
  email: string;
  category: ContactCategory;
  subject: string;
  status: ContactStatus;
  assignee?: string;
  createdAt: string;
  replies: number;
};

export type ContactMessageView = Omit<ContactMessage, 'id' | 'acceptedTerms'> & {
  id: string;
  status: ContactStatus;
  assignee?: string;
  createdAt: string;
  updatedAt?: string;
  /** The language a reply is mailed in. */
  replyLanguage: Language;
  replies: ContactReply[];
};
