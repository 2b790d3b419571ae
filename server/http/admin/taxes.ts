/**
 * The VAT reports (admin screens `finance/taxes` and `finance/taxes/by-country`), read only:
 * - `GET /api/admin/taxes?granularity=month|quarter|year&year=YYYY`: VAT collected per period and
 *   currency (the months or quarters of `year`, required for them; every year, or one, for `year`);
 * - `GET /api/admin/taxes/by-country?period=2026|2026-Q1|2026-03`: one period per client country.
 * Figures from the invoices minus the credit notes (services/admin/taxes.ts).
 */
import type { Request, Router } from 'express';
import { TAX_GRANULARITIES, parseTaxPeriod } from '../../../src/domain/admin-taxes';
import { taxByCountry, taxReport } from '../../services/admin/taxes';
import { ApiError } from '../errors';
import type { AdminContext, AdminResponse } from './index';
import { queryChoice, queryString } from './list-query';

function invalid(field: string, code = 'value_invalid'): never {
  throw new ApiError(400, 'validation', `The parameter ${field} is not valid.`, {
    fields: { [field]: code },
  });
}

function yearOf(req: Request): number | undefined {
  const value = queryString(req, 'year', 4);
  if (value === undefined) return undefined;
  if (!/^\d{4}$/.test(value) || Number(value) < 2000) invalid('year');
  return Number(value);
}

export function taxRoutes(router: Router, { store }: AdminContext): void {
  router.get('/admin/taxes', async (req: Request, res: AdminResponse) => {
    const granularity = queryChoice(req, 'granularity', TAX_GRANULARITIES) ?? 'month';
    const year = yearOf(req);
    if (year === undefined && granularity !== 'year') invalid('year', 'required');
    res.json(await taxReport(store, { granularity, year }));
  });

  router.get('/admin/taxes/by-country', async (req: Request, res: AdminResponse) => {
    const key = queryString(req, 'period', 7) ?? invalid('period', 'required');
    const period = parseTaxPeriod(key) ?? invalid('period');
    res.json(await taxByCountry(store, period));
  });
}
