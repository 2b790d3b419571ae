/**
 * Company accounts (admin screens `b2b/*`):
 * - `GET /api/admin/b2b/accounts?q=&active=&limit=&token=` · `POST /api/admin/b2b/accounts` (201)
 *   · `GET|PUT /api/admin/b2b/accounts/:id` · `PUT /api/admin/b2b/accounts/:id/prices`
 *   `{ lawyerCall?, expatCall? }` (minor units, null = standard price);
 * - `GET /api/admin/b2b/accounts/:id/members` · `POST …/members` `{ email }` (201, 200 when already one)
 *   · `DELETE …/members/:email`;
 * - `POST /api/admin/b2b/billing/run` `{ month }` (a month that is over) · `GET /api/admin/b2b/billing/runs`;
 * - `GET /api/admin/b2b/invoices?month=&accountId=&state=` · `GET …/invoices/:accountId/:month`
 *   · `GET …/invoices/:accountId/:month/pdf?lang=` · `POST …/invoices/:accountId/:month/paid`;
 * - `GET /api/admin/b2b/reports/:accountId?month=`: usage of the account in the month.
 * Bad input is a 400 `validation` with a code per field; every change is audited once.
 */
import type { Request, Router } from 'express';
import { B2B_INVOICE_STATES, isMonth } from '../../../src/domain/b2b';
import { LANGUAGES } from '../../../src/domain/languages';
import type { Language } from '../../../src/domain/languages';
import {
  ACCOUNT_ID_PATTERN,
  addMember,
  B2bInvalid,
  B2bNotFound,
  createB2bAccount,
  getB2bAccount,
  listAccounts,
  listMembers,
  removeMember,
  setB2bPrices,
  updateB2bAccount,
} from '../../services/b2b/accounts';
import { B2bMonthNotOver, runB2bBilling } from '../../services/b2b/billing';
import {
  b2bInvoicePdf,
  getB2bInvoice,
  listB2bInvoices,
  listB2bRuns,
  markB2bInvoicePaid,
} from '../../services/b2b/invoices';
import { accountUsage } from '../../services/b2b/reports';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryBoolean, queryChoice, queryString } from './list-query';
import { refusingWith } from './refusals';

const NO_SORT = ['default'] as const;

function refusal(error: unknown): never {
  if (error instanceof B2bInvalid) {
    throw new ApiError(400, 'validation', 'Some fields are not valid.', { fields: error.fields });
  }
  if (error instanceof B2bNotFound) throw new ApiError(404, 'not_found', `No such ${error.what}.`);
  if (error instanceof B2bMonthNotOver) {
    throw new ApiError(409, 'b2b_month_not_over', 'A month is billed once it is over.', {
      fields: { month: 'month_not_over' },
    });
  }
  throw error;
}

const attempt = refusingWith(refusal);

function accountId(req: Request): string {
  const id = String(req.params.id ?? req.params.accountId);
  if (!ACCOUNT_ID_PATTERN.test(id)) throw new ApiError(404, 'not_found', 'No such account.');
  return id;
}

function monthParam(value: unknown, field = 'month'): string {
  if (!isMonth(value)) {
    throw new ApiError(400, 'validation', `The ${field} is not a month (YYYY-MM).`, {
      fields: { [field]: 'value_invalid' },
    });
  }
  return value;
}

const body = (req: Request) =>
  (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;

export function b2bRoutes(router: Router, { store }: AdminContext): void {
  const json = jsonBody('8kb');

  router.get('/admin/b2b/accounts', async (req: Request, res: AdminResponse) => {
    const { limit, token, q } = listQuery(req, NO_SORT);
    const active = queryBoolean(req, 'active');
    res.json(await withPageToken(() => listAccounts(store, { q, active, limit, token })));
  });

  router.post('/admin/b2b/accounts', json, async (req: Request, res: AdminResponse) => {
    const account = await attempt(() =>
      createB2bAccount(store, { input: req.body, by: res.locals.adminUid }),
    );
    res.status(201).json({ account });
  });

  router.get('/admin/b2b/accounts/:id', async (req: Request, res: AdminResponse) => {
    res.json({ account: await attempt(() => getB2bAccount(store, accountId(req))) });
  });

  router.put('/admin/b2b/accounts/:id', json, async (req: Request, res: AdminResponse) => {
    const id = accountId(req);
    const account = await attempt(() =>
      updateB2bAccount(store, { accountId: id, input: req.body, by: res.locals.adminUid }),
    );
    res.json({ account });
  });

  router.put('/admin/b2b/accounts/:id/prices', json, async (req: Request, res: AdminResponse) => {
    const id = accountId(req);
    const account = await attempt(() =>
      setB2bPrices(store, { accountId: id, input: req.body, by: res.locals.adminUid }),
    );
    res.json({ account });
  });

  router.get('/admin/b2b/accounts/:id/members', async (req: Request, res: AdminResponse) => {
    const id = accountId(req);
    const { limit, token } = listQuery(req, NO_SORT);
    res.json(await attempt(() => withPageToken(() => listMembers(store, { accountId: id, limit, token }))));
  });

  router.post('/admin/b2b/accounts/:id/members', json, async (req: Request, res: AdminResponse) => {
    const id = accountId(req);
    const { member, created } = await attempt(() =>
      addMember(store, { accountId: id, email: body(req).email, by: res.locals.adminUid }),
    );
    res.status(created ? 201 : 200).json({ member });
  });

  router.delete('/admin/b2b/accounts/:id/members/:email', async (req: Request, res: AdminResponse) => {
    const id = accountId(req);
    await attempt(() =>
      removeMember(store, { accountId: id, email: String(req.params.email), by: res.locals.adminUid }),
    );
    res.status(204).end();
  });

  router.post('/admin/b2b/billing/run', json, async (req: Request, res: AdminResponse) => {
    const month = monthParam(body(req).month);
    const run = await attempt(() =>
      runB2bBilling(store, { month, trigger: 'manual', actor: res.locals.adminUid }),
    );
    res.json({ run });
  });

  router.get('/admin/b2b/billing/runs', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, NO_SORT);
    res.json(await withPageToken(() => listB2bRuns(store, { limit, token })));
  });

  router.get('/admin/b2b/invoices', async (req: Request, res: AdminResponse) => {
    const { limit, token } = listQuery(req, NO_SORT);
    const rawMonth = queryString(req, 'month', 7);
    const month = rawMonth === undefined ? undefined : monthParam(rawMonth);
    const rawAccount = queryString(req, 'accountId', 40);
    if (rawAccount !== undefined && !ACCOUNT_ID_PATTERN.test(rawAccount)) {
      throw new ApiError(400, 'validation', 'The accountId is not valid.', {
        fields: { accountId: 'value_invalid' },
      });
    }
    const state = queryChoice(req, 'state', B2B_INVOICE_STATES);
    res.json(
      await withPageToken(() =>
        listB2bInvoices(store, { accountId: rawAccount, month, state, limit, token }),
      ),
    );
  });

  router.get('/admin/b2b/invoices/:accountId/:month', async (req: Request, res: AdminResponse) => {
    const id = accountId(req);
    res.json({ invoice: await attempt(() => getB2bInvoice(store, id, String(req.params.month))) });
  });

  router.get('/admin/b2b/invoices/:accountId/:month/pdf', async (req: Request, res: AdminResponse) => {
    const id = accountId(req);
    const invoice = await attempt(() => getB2bInvoice(store, id, String(req.params.month)));
    const language: Language = queryChoice(req, 'lang', LANGUAGES) ?? 'fr';
    const pdf = await b2bInvoicePdf(invoice, language);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${invoice.number}.pdf"`);
    res.send(pdf);
  });

  router.post('/admin/b2b/invoices/:accountId/:month/paid', async (req: Request, res: AdminResponse) => {
    const id = accountId(req);
    const invoice = await attempt(() =>
      markB2bInvoicePaid(store, { accountId: id, month: String(req.params.month), by: res.locals.adminUid }),
    );
    res.json({ invoice });
  });

  router.get('/admin/b2b/reports/:accountId', async (req: Request, res: AdminResponse) => {
    const id = accountId(req);
    const month = monthParam(queryString(req, 'month', 7));
    res.json({ usage: await attempt(() => accountUsage(store, id, month)) });
  });
}
