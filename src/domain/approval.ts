/**
 * The approval queue of the admin console: lawyers and expats who registered and wait for an admin
 * to check what they submitted (spec: a lawyer validated within 24 hours). An admin approves them
 * (their public profile is published) or rejects them with a reason mailed in their language.
 */
import { LAWYER_VALIDATION_HOURS } from './constants';
import type { EducationEntry } from './registration';
import type { KycView } from './kyc';
import type { Language } from './languages';
import type { ProviderRole } from './professions';

export const APPROVAL_STATUSES = ['pending', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Kept on the account of a provider an admin rejected (cleared by a later approval). */
export type ApprovalRejection = {
  reason: string;
  at: string;
  /** The admin's uid. */
  by: string;
  /** When the mail telling the provider went out; absent while it has not. */
  mailedAt?: string;
  /** Claimed by the request sending the mail, so that two requests never send it twice. */
  mailingAt?: string;
};

/**
 * The mail telling a provider they are approved, for one approval (`approvedAt`, the moment the
 * provider went from not approved to approved): an approval repeated with no change keeps it.
 */
export type ApprovalMail = {
  approvedAt: string;
  /** Claimed by the request sending the mail, so that two requests never send it twice. */
  mailingAt?: string;
  /** When it went out; absent while it has not. */
  mailedAt?: string;
};

/** Whole hours since a request was made (the queue shows "depuis 26 h"). */
export function approvalAgeHours(createdAt: string, now: Date): number {
  const since = now.getTime() - Date.parse(createdAt);
  return Number.isNaN(since) ? 0 : Math.max(0, Math.floor(since / 3_600_000));
}

/** A lawyer's request past the spec's 24-hour validation target. */
export function isApprovalOverdue(role: ProviderRole, ageHours: number): boolean {
  return role === 'lawyer' && ageHours >= LAWYER_VALIDATION_HOURS;
}

/** What the provider submitted for their public profile (from their user record). */
export type SubmittedProfile = {
  fullName?: string;
  photo?: string;
  bio?: string;
  phone?: string;
  whatsapp?: string;
  languages: string[];
  languageOther?: string;
  residenceCountry?: string;
  presenceCountry?: string;
  interventionCountry?: string;
  practiceCountries?: string[];
  practiceCountryOther?: string;
  yearsOfExperience?: number;
  graduationYear?: number;
  specialties?: string[];
  specialtyOther?: string;
  education?: EducationEntry[];
  barNumber?: string;
  yearsAsExpat?: number;
  helpTypes?: string[];
  helpTypeOther?: string;
};

/** One request of the queue as the console shows it. */
export type ApprovalRequestView = {
  uid: string;
  role: ProviderRole;
  email: string;
  displayName: string;
  preferredLanguage: Language;
  isVerifiedEmail: boolean;
  /** Approved already (the detail page of a request decided earlier). */
  isApproved: boolean;
  createdAt: string;
  ageHours: number;
  overdue: boolean;
  status: ApprovalStatus;
  rejection?: { reason: string; at: string; by: string; mailed: boolean };
  profile?: SubmittedProfile;
  kyc?: KycView;
};
