/**
 * The seeded editorial content (help centre, FAQ, testimonials, legal pages) read from the JSON
 * files of `content/` and turned into documents of the `content` database: one document per item
 * and language, so that a browser replicates and searches them in its own language.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestFirstKey } from '../../src/domain/content';
import type { ContentDoc } from '../../src/domain/content';
import { contentIds, isHelpCategory } from '../../src/domain/help-centre';
import { LANGUAGES, isLanguage } from '../../src/domain/languages';
import type { Language } from '../../src/domain/languages';

const CONTENT_DIR = fileURLToPath(new URL('./content/', import.meta.url));
/** The privacy policy is also the browser's built-in default when it cannot be loaded (spec section 2). */
const DEFAULT_PRIVACY_POLICY = fileURLToPath(
  new URL('../../src/features/legal/default-privacy-policy.json', import.meta.url),
);

type Translations<T> = Record<Language, T>;
type ArticleFile = {
  articles: {
    slug: string;
    category: string;
    order: number;
    translations: Translations<{ title: string; summary: string; body: string }>;
  }[];
};
type FaqFile = {
  entries: {
    slug: string;
    order: number;
    translations: Translations<{ question: string; answer: string }>;
  }[];
};
type LegalFile = {
  slug: string;
  version: string;
  publishedAt: string;
  translations: Translations<{ title: string; body: string }>;
};
type TestimonialFile = {
  testimonials: {
    id: string;
    language: string;
    serviceType: 'lawyer' | 'expat';
    country: string;
    date: string;
    rating: number;
    authorName: string;
    title: string;
    comment: string;
    helpfulCount: number;
    verified: boolean;
  }[];
};

export type ContentSeedDoc = Omit<ContentDoc, 'id'> & { _id: string };

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.resolve(CONTENT_DIR, file), 'utf8')) as T;
}

function files(prefix: string): string[] {
  return readdirSync(CONTENT_DIR)
    .filter((f) => f.startsWith(prefix) && f.endsWith('.json'))
    .sort();
}

/** Every language of an item, or an error naming the item and the missing language. */
function eachLanguage<T>(what: string, translations: Partial<Translations<T>>): [Language, T][] {
  return LANGUAGES.map((language) => {
    const text = translations[language];
    if (!text) throw new Error(`${what} has no ${language} version`);
    return [language, text];
  });
}

export function contentDocuments(updatedAt: string): ContentSeedDoc[] {
  const docs: ContentSeedDoc[] = [];
  for (const file of files('help-articles-')) {
    for (const article of readJson<ArticleFile>(file).articles) {
      if (!isHelpCategory(article.category)) throw new Error(`${file}: unknown category ${article.category}`);
      for (const [language, text] of eachLanguage(`article ${article.slug}`, article.translations)) {
        docs.push({
          _id: contentIds.article(language, article.slug),
          type: 'article',
          language,
          category: article.category,
          slug: article.slug,
          order: article.order,
          title: text.title,
          summary: text.summary,
          body: text.body,
          group: '',
          newestFirst: newestFirstKey(updatedAt),
          updatedAt,
        });
      }
    }
  }
  for (const file of files('faq')) {
    for (const entry of readJson<FaqFile>(file).entries) {
      for (const [language, text] of eachLanguage(`FAQ ${entry.slug}`, entry.translations)) {
        docs.push({
          _id: contentIds.faq(language, entry.slug),
          type: 'faq',
          language,
          slug: entry.slug,
          order: entry.order,
          title: text.question,
          body: text.answer,
          group: '',
          newestFirst: newestFirstKey(updatedAt),
          updatedAt,
        });
      }
    }
  }
  for (const file of [...files('legal-'), DEFAULT_PRIVACY_POLICY]) {
    const legal = readJson<LegalFile>(file);
    for (const [language, text] of eachLanguage(`legal ${legal.slug}`, legal.translations)) {
      docs.push({
        _id: contentIds.legal(language, legal.slug),
        type: 'legal',
        language,
        slug: legal.slug,
        version: legal.version,
        publishedAt: legal.publishedAt,
        title: text.title,
        body: text.body,
        group: '',
        newestFirst: newestFirstKey(legal.publishedAt),
        updatedAt,
      });
    }
  }
  for (const file of files('testimonials')) {
    for (const t of readJson<TestimonialFile>(file).testimonials) {
      if (!isLanguage(t.language)) throw new Error(`testimonial ${t.id}: unknown language ${t.language}`);
      docs.push({
        _id: contentIds.testimonial(t.id),
        type: 'testimonial',
        language: t.language,
        serviceType: t.serviceType,
        country: t.country,
        publishedAt: t.date,
        rating: t.rating,
        authorName: t.authorName,
        title: t.title,
        body: t.comment,
        helpfulCount: t.helpfulCount,
        verified: t.verified,
        group: t.serviceType,
        newestFirst: newestFirstKey(t.date),
        updatedAt,
      });
    }
  }
  return docs;
}
