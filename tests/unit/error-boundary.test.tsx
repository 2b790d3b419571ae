// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../src/app/error-boundary';
import { frenchI18n } from './test-i18n';

let shouldFail = true;
function Fragile() {
  if (shouldFail) throw new Error('the section broke');
  return <p>section content</p>;
}

describe('render failure boundary', () => {
  const fetchMock = vi.fn(async () => new Response('{}', { status: 201 }));

  beforeEach(() => {
    shouldFail = true;
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    fetchMock.mockClear();
  });

  it('shows the spec texts, a reference id, Retry and Reload, and reports the error', async () => {
    const i18n = await frenchI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary>
          <Fragile />
        </ErrorBoundary>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Une erreur est survenue' })).toBeTruthy();
    expect(
      screen.getByText('Nous avons rencontré un problème lors du chargement de cette section.'),
    ).toBeTruthy();
    expect(
      screen.getByText("L'erreur a été automatiquement signalée à notre équipe technique."),
    ).toBeTruthy();
    const reference = screen.getByText(/^[0-9a-f-]{36}$/).textContent!;
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeTruthy();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/logs/errors');
    expect(JSON.parse(init.body as string)).toMatchObject({
      eventId: reference,
      origin: 'boundary',
      error: 'the section broke',
      name: 'Error',
    });

    shouldFail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(screen.getByText('section content')).toBeTruthy();
  });

  it('recovers when the reset key changes (a navigation)', async () => {
    const i18n = await frenchI18n();
    function Harness() {
      const [key, setKey] = useState('/a');
      return (
        <>
          <button onClick={() => setKey('/b')}>navigate</button>
          <ErrorBoundary resetKey={key}>
            <Fragile />
          </ErrorBoundary>
        </>
      );
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Harness />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Une erreur est survenue' })).toBeTruthy();
    shouldFail = false;
    fireEvent.click(screen.getByText('navigate'));
    expect(screen.getByText('section content')).toBeTruthy();
  });
});
