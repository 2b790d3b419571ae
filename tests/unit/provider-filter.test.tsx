// @vitest-environment jsdom
/**
 * The directory's type filter (spec: "filter by type: all, lawyer, expat") is the call a provider
 * takes: their role, which sets the price and the duration. It is not the profession their card
 * shows: a tax consultant who takes lawyer calls is listed under the lawyer call, an accountant who
 * takes expat calls under the expat call. So the choices name the calls, never a profession.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Provider } from '../../src/domain/provider';
import { selectPage } from '../../src/domain/provider-filter';
import { ProviderFilters } from '../../src/features/catalogue/provider-filters';
import { frenchI18n } from './test-i18n';

afterEach(cleanup);

function provider(id: string, role: Provider['role'], profession: Provider['profession']): Provider {
  return {
    id,
    type: 'provider',
    role,
    profession,
    fullName: id,
    slug: id,
    profilePhoto: '/images/default-avatar.svg',
    country: 'ES',
    languages: ['fr'],
    specialties: [],
    yearsOfExperience: 10,
    rating: 4.8,
    reviewCount: 20,
    isActive: true,
    isOnline: true,
    availability: 'available',
    isVisible: true,
    isVerified: true,
    listOrder: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

const directory = [
  provider('tax-consultant', 'lawyer', 'tax_consultant'),
  provider('accountant', 'expat', 'accountant'),
  provider('lawyer', 'lawyer', 'lawyer'),
  provider('helper', 'expat', 'expat'),
];

describe('the directory’s type filter', () => {
  it('lists providers by the call they take, whatever profession their card shows', () => {
    const ids = (role: Provider['role']) => selectPage(directory, { role }, 1, 10).providers.map((p) => p.id);
    expect(ids('lawyer')).toEqual(['tax-consultant', 'lawyer']);
    expect(ids('expat')).toEqual(['accountant', 'helper']);
  });

  it('names its choices after the calls, not after professions', async () => {
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={await frenchI18n()}>
        <ProviderFilters filter={{ role: 'lawyer' }} countries={['ES']} onChange={onChange} />
      </I18nextProvider>,
    );
    const group = screen.getByRole('radiogroup', { name: "Type d'appel" });
    const choices = within(group).getAllByRole('radio');
    expect(choices.map((choice) => choice.textContent)).toEqual(['Tous', 'Appel avocat', 'Appel expatrié']);
    expect(within(group).getByRole('radio', { name: 'Appel avocat' })).toHaveProperty('ariaChecked', 'true');
    fireEvent.click(within(group).getByRole('radio', { name: 'Appel expatrié' }));
    expect(onChange).toHaveBeenCalledWith({ role: 'expat' });
  });
});
