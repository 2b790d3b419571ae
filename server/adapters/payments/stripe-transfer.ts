/**
 * A provider payout through Stripe Connect: a transfer from the platform's balance to the provider's
 * connected account. The idempotency key (the payout's id) goes to Stripe as the request's key and
 * as the transfer's `transfer_group`: Stripe forgets idempotency keys after 24 hours, so a payout
 * resumed later first looks its transfer up by group, and creates it only when there is none.
 */
import type Stripe from 'stripe';
import type { Currency } from '../../../src/domain/config';
import type { Transfer, TransferInput } from './types';

/** Thrown before Stripe is asked: a Stripe transfer needs a connected account. */
export class TransferRefused extends Error {
  constructor(readonly code: 'no_destination') {
    super('A Stripe transfer needs the connected account of the provider.');
    this.name = 'TransferRefused';
  }
}

function toTransfer(transfer: Stripe.Transfer): Transfer {
  const destination =
    typeof transfer.destination === 'string' ? transfer.destination : transfer.destination?.id;
  return {
    transferId: transfer.id,
    amount: transfer.amount,
    currency: transfer.currency.toUpperCase() as Currency,
    ...(destination ? { destination } : {}),
  };
}

export async function stripeTransfer(stripe: Stripe, input: TransferInput): Promise<Transfer> {
  if (!input.destination) throw new TransferRefused('no_destination');
  const earlier = await stripe.transfers.list({ transfer_group: input.idempotencyKey, limit: 1 });
  if (earlier.data[0]) return toTransfer(earlier.data[0]);
  const transfer = await stripe.transfers.create(
    {
      amount: input.amount,
      currency: input.currency.toLowerCase(),
      destination: input.destination,
      transfer_group: input.idempotencyKey,
      metadata: { ...input.metadata, providerId: input.providerId },
    },
    { idempotencyKey: input.idempotencyKey },
  );
  return toTransfer(transfer);
}
