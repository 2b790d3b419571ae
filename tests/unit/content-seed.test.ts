import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { contentDocuments } from '../../server/seed/content';
import { demoProviders } from '../../server/seed/demo-providers';
import { demoReviews } from '../../server/seed/demo/reviews';
import { contentSchema } from '../../src/domain/content';
import { HELP_CATEGORIES } from '../../src/domain/help-centre';
import { LANGUAGES } from '../../src/domain/languages';
import { parseTextBlocks } from '../../src/domain/text-blocks';

const now = new Date('2026-11-22T00:00:00.000Z');
const directory = demoProviders(now);
const docs = [...contentDocuments(now.toISOString()), ...demoReviews(directory, now)];

describe('seeded editorial content', () => {
  it('validates against the content schema, with unique ids', () => {
    const { primaryKey: _p, version: _v, indexes: _i, ...jsonSchema } = contentSchema;
    const validate = new Ajv({ strict: false }).compile(jsonSchema);
    for (const { _id, ...rest } of docs) {
      expect(validate({ id: _id, ...rest }), `${_id}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(new Set(docs.map((d) => d._id)).size).toBe(docs.length);
  });

  it('gives every demo provider three to five reviews in a language it speaks, newest first by key', () => {
    for (const provider of directory) {
      const reviews = docs.filter((d) => d.type === 'review' && d.providerId === provider.id);
      expect(reviews.length).toBeGreaterThanOrEqual(Math.min(3, provider.reviewCount));
      expect(reviews.length).toBeLessThanOrEqual(5);
      for (const review of reviews) expect(provider.languages).toContain(review.language);
      const keys = reviews.map((review) => review.newestFirst);
      expect(keys).toEqual([...keys].sort((a, b) => a - b));
    }
  });

  it.each(LANGUAGES)('has at least 5 help articles per category and 20 FAQ entries in %s', (language) => {
    for (const category of HELP_CATEGORIES) {
      const articles = docs.filter(
        (d) => d.type === 'article' && d.language === language && d.category === category,
      );
      expect(articles.length, category).toBeGreaterThanOrEqual(5);
    }
    expect(docs.filter((d) => d.type === 'faq' && d.language === language).length).toBeGreaterThanOrEqual(20);
  });

  it('has every legal page in every language, with readable sections', () => {
    for (const slug of [
      'terms-clients',
      'terms-lawyers',
      'terms-expats',
      'privacy-policy',
      'cookies',
      'consumers',
      'seo',
    ]) {
      for (const language of LANGUAGES) {
        const doc = docs.find((d) => d.type === 'legal' && d.slug === slug && d.language === language);
        expect(doc, `${slug} ${language}`).toBeDefined();
        const blocks = parseTextBlocks(doc!.body ?? '');
        expect(
          blocks.filter((b) => b.kind === 'heading').length,
          `${slug} ${language}`,
        ).toBeGreaterThanOrEqual(2);
      }
    }
    const privacy = docs.find(
      (d) => d.type === 'legal' && d.slug === 'privacy-policy' && d.language === 'fr',
    );
    expect(privacy).toMatchObject({ version: '2.2', publishedAt: '2025-06-16' });
  });

  it('has testimonials in every language and both services', () => {
    const testimonials = docs.filter((d) => d.type === 'testimonial');
    expect(testimonials.length).toBeGreaterThanOrEqual(60);
    for (const language of LANGUAGES) expect(testimonials.some((t) => t.language === language)).toBe(true);
    expect(new Set(testimonials.map((t) => t.serviceType))).toEqual(new Set(['lawyer', 'expat']));
  });
});
