/**
 * The finance exports (admin screen `finance/exports`):
 * - `GET /api/admin/exports?dataset=payments|invoices|credit-notes|payouts|ledger&from=YYYY-MM-DD&to=YYYY-MM-DD&sep=comma|semicolon`:
 *   the dataset over the UTC days `[from, to)` (at most `EXPORT_MAX_DAYS`) as a CSV download,
 *   streamed (services/exports/). The files carry clients' names and e-mails: each export writes
 *   one audit entry (who took which dataset over which range) before its first byte.
 */
import type { Request, Router } from 'express';
import {
  EXPORT_DATASETS,
  EXPORT_MAX_DAYS,
  EXPORT_SEPARATORS,
  dayStart,
  exportFileName,
  rangeDays,
} from '../../../src/domain/admin-exports';
import { recordAudit } from '../../services/admin/audit';
import { financeExportLines } from '../../services/exports/finance-export';
import { ApiError } from '../errors';
import { sendCsv } from './csv-download';
import type { AdminContext, AdminResponse } from './index';
import { queryChoice, queryString } from './list-query';

function invalid(field: string, code = 'value_invalid'): never {
  throw new ApiError(400, 'validation', `The parameter ${field} is not valid.`, {
    fields: { [field]: code },
  });
}

function dayOf(req: Request, name: string): string {
  const day = queryString(req, name, 10);
  if (day === undefined) invalid(name, 'required');
  if (Number.isNaN(dayStart(day))) invalid(name);
  return day;
}

export function exportRoutes(router: Router, { store }: AdminContext): void {
  router.get('/admin/exports', async (req: Request, res: AdminResponse) => {
    const dataset = queryChoice(req, 'dataset', EXPORT_DATASETS) ?? invalid('dataset', 'required');
    const from = dayOf(req, 'from');
    const to = dayOf(req, 'to');
    const days = rangeDays(from, to);
    if (days < 1) invalid('to', 'not_after_from');
    if (days > EXPORT_MAX_DAYS) invalid('to', 'range_too_long');
    const separator = queryChoice(req, 'sep', EXPORT_SEPARATORS) ?? 'comma';
    await recordAudit(store, {
      actor: res.locals.adminUid,
      action: 'finance_export',
      subject: { kind: 'finance-export', id: dataset },
      before: null,
      after: { from, to, separator },
    });
    const lines = financeExportLines(store, {
      dataset,
      from,
      to,
      sep: separator === 'semicolon' ? ';' : ',',
    });
    await sendCsv(res, exportFileName(dataset, from, to), lines);
  });
}
