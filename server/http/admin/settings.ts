/**
 * - `GET /api/admin/settings`: the platform settings (services switched on, commission, longest call
 *   in minutes, ring time in seconds, interface languages) with the supported countries, which the
 *   countries screen edits (`/api/admin/countries`).
 * - `PUT /api/admin/settings` `{ servicesEnabled: { lawyerCalls, expatCalls }, platformCommission,
 *   maxCallDuration, callTimeout, supportedLanguages }`: applies from the next order on; 400
 *   `validation` with a code per field; audited.
 * - `GET /api/admin/settings/invoicing`: the seller identity and VAT invoices print.
 * - `PUT /api/admin/settings/invoicing` `{ seller: { name, address?, companyId?, vatId?, country?,
 *   email? }, vatRate, vatNote? }`: replaces them for the invoices issued from now on; 400
 *   `validation` with a code per field (`seller.name: required`…); audited.
 */
import type { Request, Router } from 'express';
import {
  InvoicingSettingsInvalid,
  readInvoicingSettings,
  saveInvoicingSettings,
} from '../../services/invoicing-settings';
import {
  readPlatformSettingsView,
  savePlatformSettings,
  SettingsInvalid,
} from '../../services/admin/platform-settings';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import type { AdminContext, AdminResponse } from './index';

export function settingsRoutes(router: Router, { store }: AdminContext): void {
  router.get('/admin/settings', async (_req: Request, res: AdminResponse) => {
    res.json({ settings: await readPlatformSettingsView(store) });
  });

  router.put('/admin/settings', jsonBody('4kb'), async (req: Request, res: AdminResponse) => {
    try {
      const settings = await savePlatformSettings(store, { input: req.body, by: res.locals.adminUid });
      res.json({ settings });
    } catch (error) {
      if (!(error instanceof SettingsInvalid)) throw error;
      throw new ApiError(400, 'validation', 'Some platform settings are not valid.', {
        fields: error.fields as Record<string, string>,
      });
    }
  });

  router.get('/admin/settings/invoicing', async (_req: Request, res: AdminResponse) => {
    res.json({ invoicing: await readInvoicingSettings(store) });
  });

  router.put('/admin/settings/invoicing', jsonBody('4kb'), async (req: Request, res: AdminResponse) => {
    try {
      const invoicing = await saveInvoicingSettings(store, { input: req.body, by: res.locals.adminUid });
      res.json({ invoicing });
    } catch (error) {
      if (!(error instanceof InvoicingSettingsInvalid)) throw error;
      throw new ApiError(400, 'validation', 'Some invoicing settings are not valid.', {
        fields: error.fields,
      });
    }
  });
}
