// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUserView } from '../../src/domain/account';
import type { Provider } from '../../src/domain/provider';
import { readBookingDraft } from '../../src/data/booking-draft';
import { BookingFormView } from '../../src/features/booking/booking-form-view';
import { useBookingForm } from '../../src/features/booking/use-booking-form';
import { frenchI18n } from './test-i18n';

const provider = {
  id: 'demo-lawyer-001',
  fullName: 'Maxime Dupont',
  languages: ['fr', 'en'],
} as Provider;

const user = {
  uid: 'client-1',
  role: 'client',
  email: 'amelie@example.com',
  displayName: 'Amélie',
  firstName: 'Amélie',
  preferredLanguage: 'fr',
  provider: 'password',
  isApproved: true,
  isVerifiedEmail: true,
  db: 'userdb-1',
} satisfies SessionUserView;

function Harness({ online = true }: { online?: boolean }) {
  const state = useBookingForm({
    providerId: provider.id,
    providerLanguages: provider.languages,
    user,
    profile: undefined,
    canContinue: online,
  });
  return <BookingFormView state={state} provider={provider} online={online} />;
}

async function renderForm(online = true) {
  const i18n = await frenchI18n();
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/booking-request/demo-lawyer-001']}>
        <Routes>
          <Route path="/booking-request/:providerId" element={<Harness online={online} />} />
          <Route path="/call-checkout/:providerId" element={<p>checkout page</p>} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
// A browser sends `input` as one types (and `change` only on leaving the field): what the form listens to.
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
const continueButton = () =>
  screen.getByRole('button', { name: /Continuer vers le paiement|Connexion requise/ });

function fillAll() {
  type('Nom', 'Durand');
  fireEvent.change(document.getElementById('booking-phone-country')!, { target: { value: 'FR' } });
  fireEvent.change(field('Nationalité'), { target: { value: 'FR' } });
  fireEvent.change(field("Pays où vous avez besoin d'aide"), { target: { value: 'TH' } });
  type('Titre de votre demande', 'Visa refusé à Bangkok');
  type(
    'Décrivez votre situation',
    "Mon visa de travail a été refusé hier et je dois quitter le pays d'ici dix jours.",
  );
  fireEvent.click(screen.getByRole('checkbox', { name: 'Français' }));
  fireEvent.input(document.getElementById('booking-phone')!, { target: { value: '06 12 34 56 78' } });
  fireEvent.click(screen.getByRole('checkbox', { name: /J'accepte les/ }));
}

// Four long country lists render in jsdom: slow on a busy machine, not a sign of a problem.
describe('booking request form', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => cleanup());

  it('keeps the continue button disabled until every rule holds, then goes to the checkout', async () => {
    await renderForm();
    expect(field('Prénom').value).toBe('Amélie');
    expect(continueButton().getAttribute('aria-disabled')).toBe('true');
    fillAll();
    expect(continueButton().getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(continueButton());
    expect(screen.getByText('checkout page')).toBeTruthy();
    expect(readBookingDraft(provider.id)).toMatchObject({
      lastName: 'Durand',
      phone: '+33612345678',
      languages: ['fr'],
      acceptedTerms: true,
    });
  });

  it('on a refused submit shows the errors and moves the focus to the first field to fix', async () => {
    await renderForm();
    type('Nom', 'Durand');
    fireEvent.click(continueButton());
    expect(document.activeElement).toBe(field('Nationalité'));
    expect(screen.getByText('Certains champs sont à corriger : ils sont signalés ci-dessus.')).toBeTruthy();
    const title = field('Titre de votre demande');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    const described = title.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Ce champ est obligatoire.',
      'Encore 10 caractères',
    ]);
  });

  it('counts the characters still missing in the title and the description', async () => {
    await renderForm();
    type('Titre de votre demande', 'Visa');
    expect(screen.getByText('Encore 6 caractères')).toBeTruthy();
    type('Décrivez votre situation', 'a'.repeat(49));
    expect(screen.getByText('Encore 1 caractère')).toBeTruthy();
  });

  it('says at once when no language is shared with the expert', async () => {
    await renderForm();
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'russe' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Russe' }));
    expect(screen.getByText(/^Aucune langue en commun avec l'expert/)).toBeTruthy();
  });

  it('reveals a required free text when the country is "other"', async () => {
    await renderForm();
    fireEvent.change(field("Pays où vous avez besoin d'aide"), { target: { value: 'OTHER' } });
    const other = field('Nom du pays ou du territoire');
    fireEvent.blur(other);
    expect(screen.getByText("Indiquez le pays ou le territoire où vous avez besoin d'aide.")).toBeTruthy();
  });

  it('saves the draft as the client types and restores it', async () => {
    const view = await renderForm();
    type('Titre de votre demande', 'Visa refusé à Bangkok');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(readBookingDraft(provider.id)?.title).toBe('Visa refusé à Bangkok');
    type('Nom', 'Durand');
    view.unmount(); // leaving before the delay still keeps what was typed
    expect(readBookingDraft(provider.id)?.lastName).toBe('Durand');
    await renderForm();
    expect(field('Titre de votre demande').value).toBe('Visa refusé à Bangkok');
    expect(field('Nom').value).toBe('Durand');
  });

  it('offline, keeps the form but says a connection is needed to continue', async () => {
    await renderForm(false);
    fillAll();
    expect(
      screen.getByRole('button', { name: 'Connexion requise pour continuer' }).getAttribute('aria-disabled'),
    ).toBe('true');
    fireEvent.click(continueButton());
    expect(screen.queryByText('checkout page')).toBeNull();
  });
});
