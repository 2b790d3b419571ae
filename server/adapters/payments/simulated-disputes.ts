/**
 * Card disputes in demo mode: each is a document `sim-dispute:<disputeId>` in the `orders` database
 * (beside the simulated intents), opened and settled by an admin's demo action (there is no
 * cardholder to dispute anything), read back by the dispute service exactly as Stripe's are.
 *
 * As at Stripe, a charge has at most one dispute, and it can only dispute what was captured and not
 * refunded. Settling is once: a dispute already won or lost stays so.
 */
import { randomBytes } from 'node:crypto';
import type { DisputeStatus } from '../../../src/domain/disputes';
import { getOrUndefined, isConflict, replaceDoc } from '../../store/store';
import type { Store } from '../../store/store';
import type { GatewayDispute, Intent } from './types';

export type SimulatedDisputeDoc = GatewayDispute & {
  _id: string;
  _rev?: string;
  type: 'sim_dispute';
  createdAt: string;
  updatedAt: string;
};

export const SIM_DISPUTE_PREFIX = 'sim-dispute:';
/** How long a cardholder's bank gives to answer, in the simulation. */
const EVIDENCE_DAYS = 7;

export type SimulatedDisputeRefusal =
  'not_captured' | 'already_disputed' | 'amount_invalid' | 'already_closed';

export class SimulatedDisputeError extends Error {
  constructor(readonly code: SimulatedDisputeRefusal | 'resource_missing') {
    super(`Simulated dispute refused: ${code}`);
    this.name = 'SimulatedDisputeError';
  }
}

const answer = ({
  _id: _id,
  _rev: _rev,
  type: _type,
  createdAt: _c,
  updatedAt: _u,
  ...dispute
}: SimulatedDisputeDoc) => dispute;

export function createSimulatedDisputes(store: Store, retrieve: (intentId: string) => Promise<Intent>) {
  const db = store.db<SimulatedDisputeDoc>('orders');

  async function load(disputeId: string): Promise<SimulatedDisputeDoc> {
    const doc = await getOrUndefined(db, SIM_DISPUTE_PREFIX + disputeId);
    if (!doc || doc.type !== 'sim_dispute') throw new SimulatedDisputeError('resource_missing');
    return doc;
  }

  async function listDocs(intentId: string): Promise<SimulatedDisputeDoc[]> {
    const { rows } = await db.view('sim-gateway', 'disputes_by_intent', {
      startkey: [intentId],
      endkey: [intentId, {}],
      include_docs: true,
    });
    return rows.map((row) => row.doc as SimulatedDisputeDoc).filter((doc) => doc?.type === 'sim_dispute');
  }

  return {
    async retrieveDispute(disputeId: string): Promise<GatewayDispute> {
      return answer(await load(disputeId));
    },

    async listDisputes(intentId: string): Promise<GatewayDispute[]> {
      return (await listDocs(intentId)).map(answer).sort((a, b) => a.created - b.created);
    },

    /** Opens the charge's dispute (the cardholder's bank asks for `amount` back). */
    async openDispute(
      intentId: string,
      input: { amount?: number; reason: string },
      now = new Date(),
    ): Promise<GatewayDispute> {
      const intent = await retrieve(intentId);
      if (intent.status !== 'succeeded') throw new SimulatedDisputeError('not_captured');
      if ((await listDocs(intentId)).length > 0) throw new SimulatedDisputeError('already_disputed');
      const left = intent.amountReceived - intent.amountRefunded;
      const amount = input.amount ?? left;
      if (!Number.isInteger(amount) || amount <= 0 || amount > left)
        throw new SimulatedDisputeError('amount_invalid');
      const disputeId = 'dp_sim_' + randomBytes(12).toString('hex');
      const at = now.toISOString();
      const doc: SimulatedDisputeDoc = {
        _id: SIM_DISPUTE_PREFIX + disputeId,
        type: 'sim_dispute',
        disputeId,
        intentId,
        amount,
        currency: intent.currency,
        reason: input.reason,
        status: 'needs_response',
        dueBy: new Date(now.getTime() + EVIDENCE_DAYS * 86_400_000).toISOString(),
        created: Math.floor(now.getTime() / 1000),
        createdAt: at,
        updatedAt: at,
      };
      await db.insert(doc);
      return answer(doc);
    },

    /** The bank's decision: the dispute is won or lost, once. */
    async closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<GatewayDispute> {
      for (;;) {
        const doc = await load(disputeId);
        const closed: DisputeStatus[] = ['won', 'lost', 'warning_closed'];
        if (closed.includes(doc.status)) {
          if (doc.status === outcome) return answer(doc);
          throw new SimulatedDisputeError('already_closed');
        }
        const next = { ...doc, status: outcome, updatedAt: new Date().toISOString() };
        try {
          await replaceDoc(store, 'orders', { ...next, _rev: doc._rev });
          return answer(next);
        } catch (error) {
          if (!isConflict(error)) throw error;
        }
      }
    },
  };
}

export type SimulatedDisputes = ReturnType<typeof createSimulatedDisputes>;
