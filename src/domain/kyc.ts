/**
 * Providers' identity verification (KYC): the identity and finance fields a lawyer or expat gives
 * at registration, kept server-side only (`admin`, `kyc:<uid>`), checked by an admin who sets
 * the status. Bank details never leave the server whole: every admin answer masks them to their
 * last four characters (`maskTail`).
 */
import type { ProviderRole } from './professions';

export const KYC_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** Characters shown at the end of a masked value. */
export const MASK_VISIBLE = 4;
const MASK = '••••';

/**
 * A secret shown as "•••• 9012": only its last four characters, and never its length. A value of
 * four characters or fewer is masked whole (showing it would show all of it).
 */
export function maskTail(value: string | undefined): string {
  const compact = (value ?? '').replace(/\s+/g, '');
  if (compact.length <= MASK_VISIBLE) return MASK;
  return `${MASK} ${compact.slice(-MASK_VISIBLE)}`;
}

/** The identity document as the console links it (streamed to admins only). */
export type KycDocumentView = { id: string; contentType: string; size: number; url: string };

/** A provider's identity record as an admin sees it, bank details masked. */
export type KycView = {
  uid: string;
  role: ProviderRole;
  status: KycStatus;
  statusReason?: string;
  reviewedAt?: string;
  reviewedBy?: string;
  dateOfBirth: string;
  address: string;
  idNumber: string;
  document?: KycDocumentView;
  bankAccount: string;
  ifsc: string;
  createdAt: string;
  updatedAt: string;
  /** Who it is, from their account (absent when the account is gone). */
  account?: { displayName: string; email: string };
};
