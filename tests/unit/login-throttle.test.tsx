// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../src/features/account/login-page';
import { frenchI18n } from './test-i18n';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The service's answer to an address whose sign-in attempts on an account must wait. */
const rateLimited = (retryAfter: number) =>
  new Response(
    JSON.stringify({ error: { code: 'rate_limited', message: 'Too many attempts.', retryAfter } }),
    {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': String(retryAfter) },
    },
  );

describe('the login page, told to wait by the sign-in throttle', () => {
  it('says how long to wait, in French, and keeps the button disabled meanwhile', async () => {
    // Only the sign-in is answered: the session check and Google's status are not the subject here.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/api/auth/login')
          ? rateLimited(240)
          : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const i18n = await frenchI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </I18nextProvider>,
    );
    fireEvent.input(screen.getByLabelText('Adresse email', { exact: false }), {
      target: { value: 'amelie@example.com' },
    });
    fireEvent.input(screen.getByLabelText('Mot de passe', { exact: false }), {
      target: { value: 'le-bon-secret' },
    });
    const submit = screen.getByRole('button', { name: 'Se connecter' });
    await act(async () => {
      fireEvent.click(submit);
    });
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Trop de tentatives. Réessayez dans 4 minutes.',
    );
    expect((submit as HTMLButtonElement).disabled).toBe(true);
  });
});
