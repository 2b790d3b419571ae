/**
 * The payment gateway of this run: Stripe when its keys are configured, otherwise the simulated
 * gateway of demo mode.
 */
import type { Config } from '../../config/env';
import type { Store } from '../../store/store';
import { createSimulatedGateway } from './simulated';
import { createStripeGateway } from './stripe';
import type { StripeConnection } from './stripe';
import type { PaymentGateway } from './types';

export function createPaymentGateway(
  config: Pick<Config, 'stripe'> & { payouts?: Pick<Config['payouts'], 'simulatedTransferDelayMs'> },
  store: Store,
  connection?: StripeConnection,
): PaymentGateway {
  return config.stripe
    ? createStripeGateway(config.stripe, connection)
    : createSimulatedGateway(store, { transferDelayMs: config.payouts?.simulatedTransferDelayMs });
}
