/**
 * Payouts to providers and to affiliates (services/payouts/*; an affiliate's payee id is
 * `affiliate:<code>`), admins only; `payee=provider|affiliate` keeps the lists to one kind:
 * - `POST /api/admin/payouts/run`: a payout run now; answers its summary (200), or 409
 *   `payout_run_running` while one is under way; one audit entry per run.
 * - `GET /api/admin/payouts?payee=&state=&provider=&day=&limit=&token=`: payouts, newest day first.
 * - `GET /api/admin/payouts/runs`: the runs, newest first, whether one is under way, the schedule.
 * - `GET /api/admin/payouts/balances?payee=&provider=`: per payee and currency: earned, recovered, paid
 *   out, balance (from the ledger), and the connected Stripe account.
 * - `GET /api/admin/payouts/export.csv?day=&sep=semicolon&state=`: the day's bank-transfer export
 *   (manual payouts by default; `state=all` for every one), streamed.
 * - `POST /api/admin/payouts/accounts/:uid` `{ stripeAccountId: "acct_…" | null }`: where the
 *   provider's Stripe payouts go; audited.
 */
import type { Request, Router } from 'express';
import { PAYEE_KINDS } from '../../../src/domain/affiliates';
import { PAYOUT_DAY_PATTERN, PAYOUT_STATES, STRIPE_ACCOUNT_PATTERN } from '../../../src/domain/payouts';
import type { PayoutState } from '../../../src/domain/payouts';
import { recordAudit } from '../../services/admin/audit';
import { formatDailyTime, nextSlot } from '../../services/backup/schedule';
import { providerBalances } from '../../services/payouts/balances';
import { ConnectedAccountRefused, setConnectedAccount } from '../../services/payouts/connected-accounts';
import { payoutExportLines } from '../../services/payouts/export-csv';
import { listPayouts, listRuns } from '../../services/payouts/list';
import { PayoutRunBusy, payoutRunner } from '../../services/payouts/run';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryChoice, queryString } from './list-query';

function invalid(field: string, code = 'value_invalid'): never {
  throw new ApiError(400, 'validation', `The field ${field} is not valid.`, { fields: { [field]: code } });
}

function dayOf(req: Request, required = false): string | undefined {
  const day = queryString(req, 'day', 10);
  if (day === undefined) return required ? invalid('day', 'required') : undefined;
  if (!PAYOUT_DAY_PATTERN.test(day)) invalid('day');
  return day;
}

const EXPORT_STATES = [...PAYOUT_STATES, 'all'] as const;

export function payoutRoutes(router: Router, { store, config, services }: AdminContext): void {
  const runner = () => payoutRunner(store, services.gateway, config);

  router.post('/admin/payouts/run', jsonBody('1kb'), async (_req: Request, res: AdminResponse) => {
    const actor = res.locals.adminUid;
    try {
      const run = await runner().run({
        trigger: 'manual',
        actor,
        onStarted: async ({ runId, day }) => {
          await recordAudit(store, {
            actor,
            action: 'payout_run',
            subject: { kind: 'payout_run', id: runId },
            before: null,
            after: { day, trigger: 'manual' },
            key: `payout_run:${runId}`,
          });
        },
      });
      res.json({ run });
    } catch (error) {
      if (!(error instanceof PayoutRunBusy)) throw error;
      throw new ApiError(409, 'payout_run_running', 'A payout run is already under way.');
    }
  });

  router.get('/admin/payouts', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, ['day'] as const, { dir: 'desc' });
    const query = {
      payee: queryChoice(req, 'payee', PAYEE_KINDS),
      state: queryChoice(req, 'state', PAYOUT_STATES),
      providerId: queryString(req, 'provider', 200),
      day: dayOf(req),
      limit,
      token,
    };
    res.json(await withPageToken(() => listPayouts(store, query)));
  });

  router.get('/admin/payouts/runs', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, ['startedAt'] as const, { dir: 'desc' });
    const page = await withPageToken(() => listRuns(store, { limit, token }));
    const { dailyAt } = config.payouts;
    res.json({
      ...page,
      running: runner().running(),
      schedule:
        dailyAt === 'off'
          ? { dailyAt: null, nextAt: null }
          : { dailyAt: formatDailyTime(dailyAt), nextAt: nextSlot(new Date(), dailyAt).toISOString() },
    });
  });

  router.get('/admin/payouts/balances', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, ['provider'] as const);
    const providerId = queryString(req, 'provider', 200);
    const payee = queryChoice(req, 'payee', PAYEE_KINDS);
    res.json(await withPageToken(() => providerBalances(store, { providerId, payee, limit, token })));
  });

  router.get('/admin/payouts/export.csv', async (req: Request, res: AdminResponse) => {
    const day = dayOf(req, true)!;
    const sep = queryChoice(req, 'sep', ['comma', 'semicolon'] as const) === 'semicolon' ? ';' : ',';
    const state = queryChoice(req, 'state', EXPORT_STATES) ?? 'manual';
    const states: readonly PayoutState[] = state === 'all' ? PAYOUT_STATES : [state];
    // The file carries whole bank account numbers: who took it, and which, is kept.
    await recordAudit(store, {
      actor: res.locals.adminUid,
      action: 'payout_export',
      before: null,
      subject: { kind: 'payout-day', id: day },
      after: { states: [...states] },
    });
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="payouts-${day}.csv"`);
    try {
      for await (const line of payoutExportLines(store, { day, states, sep })) {
        if (!res.write(line)) await new Promise((resolve) => res.once('drain', resolve));
      }
      res.end();
    } catch (error) {
      // Headers are gone: the download is cut short rather than ending as a valid-looking file.
      if (!res.headersSent) throw error;
      res.destroy(error instanceof Error ? error : undefined);
    }
  });

  router.post('/admin/payouts/accounts/:uid', jsonBody('1kb'), async (req: Request, res: AdminResponse) => {
    const uid = String(req.params.uid);
    if (uid.length > 200) invalid('uid');
    const body: unknown = req.body;
    if (!body || typeof body !== 'object' || !('stripeAccountId' in body))
      invalid('stripeAccountId', 'required');
    const value = (body as { stripeAccountId: unknown }).stripeAccountId;
    if (value !== null && (typeof value !== 'string' || !STRIPE_ACCOUNT_PATTERN.test(value)))
      invalid('stripeAccountId');
    try {
      res.json(await setConnectedAccount(store, { uid, stripeAccountId: value, by: res.locals.adminUid }));
    } catch (error) {
      if (!(error instanceof ConnectedAccountRefused)) throw error;
      if (error.reason === 'not_found') throw new ApiError(404, 'not_found', 'No such provider.');
      if (error.reason === 'not_a_provider')
        throw new ApiError(409, 'not_a_provider', 'Only lawyers and expats are paid out.');
      invalid('stripeAccountId');
    }
  });
}
