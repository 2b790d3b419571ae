/**
 * The invoices (admin screen `finance/invoices`), read only:
 * - `GET /api/admin/invoices?year=&currency=&from=&to=&q=&sort=number|issuedAt&dir=&limit=&token=`:
 *   a page, latest number first by default; `from` / `to` bound the date of issue (a day or an
 *   instant), `year` the number's year.
 * - `GET /api/admin/invoices/:number`: the invoice document (the browser renders its PDF from it).
 */
import type { Request, Router } from 'express';
import { INVOICE_SORTS } from '../../../src/domain/admin-invoices';
import { CURRENCIES } from '../../../src/domain/config';
import { INVOICE_NUMBER_PATTERN } from '../../../src/domain/invoice';
import { invoiceDetail, listInvoices } from '../../services/admin/invoices';
import { ApiError } from '../errors';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryChoice, queryInstant, queryString } from './list-query';

function invalid(field: string): never {
  throw new ApiError(400, 'validation', `The parameter ${field} is not valid.`, {
    fields: { [field]: 'value_invalid' },
  });
}

function queryYear(req: Request): number | undefined {
  const value = queryString(req, 'year', 4);
  if (value === undefined) return undefined;
  if (!/^\d{4}$/.test(value) || Number(value) < 2000) invalid('year');
  return Number(value);
}

export function invoiceRoutes(router: Router, { store }: AdminContext): void {
  router.get('/admin/invoices', async (req: Request, res: AdminResponse) => {
    const { limit, token, q, sort, dir } = listQuery(req, INVOICE_SORTS, { dir: 'desc' });
    const filter = {
      year: queryYear(req),
      currency: queryChoice(req, 'currency', CURRENCIES),
      from: queryInstant(req, 'from', 'start'),
      to: queryInstant(req, 'to', 'end'),
      q,
      sort,
      dir,
      limit,
      token,
    };
    if (filter.from && filter.to && filter.from > filter.to) invalid('to');
    res.json(await withPageToken(() => listInvoices(store, filter)));
  });

  router.get('/admin/invoices/:number', async (req: Request, res: AdminResponse) => {
    const number = String(req.params.number);
    const invoice = INVOICE_NUMBER_PATTERN.test(number) ? await invoiceDetail(store, number) : undefined;
    if (!invoice) throw new ApiError(404, 'not_found', 'No such invoice.');
    res.json({ invoice });
  });
}
