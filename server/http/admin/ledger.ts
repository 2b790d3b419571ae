/**
 * The ledger (admin screen `finance/ledger`), read only:
 * - `GET /api/admin/ledger?order=|provider=&currency=&from=&to=&limit=&token=`: an order's or a
 *   provider's entries, oldest first, each with the running balance (see src/domain/admin-ledger.ts);
 *   exactly one of `order` and `provider`.
 * - `GET /api/admin/ledger/balances?order=|provider=`: the balance in each currency (a provider paid
 *   in EUR and USD has two, never one sum of both).
 * - `GET /api/admin/ledger/check`: whether the whole ledger balances, each invariant with its
 *   offending entries (src/domain/ledger-balance.ts).
 */
import type { Request, Router } from 'express';
import { CURRENCIES } from '../../../src/domain/config';
import { checkLedger, ledgerBalances, ledgerPage } from '../../services/admin/ledger';
import { ApiError } from '../errors';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryChoice, queryInstant, queryString } from './list-query';

const ID = /^[\w:.@-]{1,120}$/;

/** The ledger's subject: exactly one of `order` and `provider`, a valid id; else a coded 400. */
function subjectOf(req: Request): { order?: string; provider?: string; id: string } {
  const order = queryString(req, 'order', 120);
  const provider = queryString(req, 'provider', 120);
  if ((order === undefined) === (provider === undefined)) {
    throw new ApiError(400, 'validation', 'Give either an order or a provider.', {
      fields: {
        [order === undefined ? 'order' : 'provider']: order === undefined ? 'required' : 'value_invalid',
      },
    });
  }
  const id = (order ?? provider)!;
  if (!ID.test(id)) {
    throw new ApiError(400, 'validation', 'The id is not valid.', {
      fields: { [order ? 'order' : 'provider']: 'value_invalid' },
    });
  }
  return { order, provider, id };
}

export function ledgerRoutes(router: Router, { store }: AdminContext): void {
  router.get('/admin/ledger/check', async (_req: Request, res: AdminResponse) => {
    res.json(await checkLedger(store));
  });

  router.get('/admin/ledger/balances', async (req: Request, res: AdminResponse) => {
    const { order, id } = subjectOf(req);
    const subject = order ? 'order' : 'provider';
    res.json({ subject, id, balances: await ledgerBalances(store, subject, id) });
  });

  router.get('/admin/ledger', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, ['at'] as const);
    const { order, id } = subjectOf(req);
    const currency = queryChoice(req, 'currency', CURRENCIES);
    const from = queryInstant(req, 'from', 'start');
    const to = queryInstant(req, 'to', 'end');
    if (from && to && from > to) {
      throw new ApiError(400, 'validation', 'from is after to.', { fields: { to: 'value_invalid' } });
    }
    const page = await withPageToken(() =>
      ledgerPage(store, { subject: order ? 'order' : 'provider', id, currency, from, to, limit, token }),
    );
    res.json(page);
  });
}
