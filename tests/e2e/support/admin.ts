import { expect, request } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

/** The admin account the suite's service starts with (created by `npm run create-admin`, see playwright.config.ts). */
export const E2E_ADMIN = { email: 'ops@sos-expat.test', password: 'Admin-e2e-2026!', firstName: 'Alex' };

/** The page's browser signed in as the suite's admin (its cookie serves the console's pages). */
export async function signInAdmin(page: Page): Promise<void> {
  const answer = await page.request.post('/api/auth/login', {
    headers: { 'x-sos-expat': '1' },
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(answer.ok()).toBe(true);
}

/** A signed-in admin talking to `/api/admin/…`, apart from any browser page. */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-sos-expat': '1' } });
  const login = await api.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  if (!login.ok())
    throw new Error(`The suite's admin could not sign in: ${login.status()} ${await login.text()}`);
  return api;
}

/** An admin approves the provider: their public profile is published. */
export async function approveProvider(baseURL: string, uid: string): Promise<void> {
  const api = await adminApi(baseURL);
  const answer = await api.post(`/api/admin/providers/${uid}/approval`, { data: { approved: true } });
  if (!answer.ok()) throw new Error(`Approval refused: ${answer.status()} ${await answer.text()}`);
  await api.dispose();
}
