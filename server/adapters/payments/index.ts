/**
 * The payment gateway of this run: Stripe when its keys are configured, otherwise the simulated
 * gateway of demo mode; intents of orders billed to a company account go to account-billing.ts.
 */
import type { Config } from '../../config/env';
import type { Store } from '../../store/store';
import { createAccountBillingGateway, withAccountBilling } from './account-billing';
import { createSimulatedGateway } from './simulated';
import { createStripeGateway } from './stripe';
import type { StripeConnection } from './stripe';
import type { PaymentGateway } from './types';

export function createPaymentGateway(
  config: Pick<Config, 'stripe'> & {
    payouts?: Pick<Config['payouts'], 'simulatedTransferDelayMs'>;
    refunds?: Config['refunds'];
  },
  store: Store,
  connection?: StripeConnection,
): PaymentGateway {
  const card = config.stripe
    ? createStripeGateway(config.stripe, connection)
    : createSimulatedGateway(store, {
        transferDelayMs: config.payouts?.simulatedTransferDelayMs,
        refundDelayMs: config.refunds?.simulatedDelayMs,
      });
  // Consultations billed to a company account run through the same interface, without a card.
  return withAccountBilling(card, createAccountBillingGateway(store));
}
