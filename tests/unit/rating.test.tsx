// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ratingView } from '../../src/domain/rating';
import { Rating } from '../../src/ui/rating';
import { frenchI18n } from './test-i18n';

afterEach(cleanup);

async function shown(value: number, reviews: number) {
  const i18n = await frenchI18n();
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <Rating value={value} reviews={reviews} />
    </I18nextProvider>,
  );
  return container;
}

describe('the rating rule, one for every screen', () => {
  it('makes a provider nobody has reviewed "new", whatever rating is stored', () => {
    expect(ratingView({ rating: 5, reviewCount: 0 })).toEqual({ kind: 'new' });
    expect(ratingView({ rating: 0, reviewCount: 0 })).toEqual({ kind: 'new' });
  });

  it('gives the average to one decimal and the count from the first review', () => {
    expect(ratingView({ rating: 4, reviewCount: 1 })).toEqual({ kind: 'rated', average: 4, reviews: 1 });
    expect(ratingView({ rating: 4.86, reviewCount: 12 })).toEqual({
      kind: 'rated',
      average: 4.9,
      reviews: 12,
    });
    expect(ratingView({ rating: 4.94, reviewCount: 3 })).toEqual({ kind: 'rated', average: 4.9, reviews: 3 });
  });

  it('never gives fewer stars than one review can (1) nor more than 5', () => {
    expect(ratingView({ rating: 0, reviewCount: 3 })).toEqual({ kind: 'rated', average: 1, reviews: 3 });
    expect(ratingView({ rating: 7, reviewCount: 3 })).toEqual({ kind: 'rated', average: 5, reviews: 3 });
  });
});

describe('a rating on screen', () => {
  it('says "Nouveau" for a provider nobody has reviewed, with neither a figure nor stars', async () => {
    for (const stored of [0, 5]) {
      const container = await shown(stored, 0);
      expect(screen.getByText('Nouveau')).toBeTruthy();
      expect(container.textContent).not.toMatch(/\d/);
      expect(container.textContent).not.toContain('★');
      expect(screen.getByRole('img', { name: "Nouveau, pas encore d'avis" })).toBeTruthy();
      cleanup();
    }
  });

  it('shows the average with one decimal, in the reader’s format, and the count from the first review', async () => {
    const container = await shown(4.86, 12);
    expect(container.textContent).toContain('4,9');
    expect(container.textContent).toContain('(12 avis)');
    expect(screen.getByRole('img', { name: 'Note 4,9 sur 5, 12 avis' })).toBeTruthy();
    expect(screen.queryByText('Nouveau')).toBeNull();
  });
});
