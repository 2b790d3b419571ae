/**
 * What a public page reads before the offline store is open.
 *
 * The server renders a public page from its in-memory copy of the public databases (providers,
 * content, config): each hook asks `reads.answer(key, compute)`, the server computes the answer
 * from the whole copy and records it under the key, and the page carries the recorded answers
 * (`PublicAnswers`) to the browser. There, the first render (the hydration) gets the very same
 * answers by the same keys, so it matches the server's HTML; RxDB takes over once it is open and
 * has something to say. Without server answers (the app shell, offline) a read answers nothing and
 * the hook waits for RxDB as before.
 *
 * The computations are the same rules as the RxDB queries of the hooks (listing order, filters,
 * newest first, reader's language first), written over plain arrays.
 */
import { CONFIG_IDS } from '../domain/config';
import type { ConfigDoc } from '../domain/config';
import type { ContentDoc } from '../domain/content';
import type { Language } from '../domain/languages';
import { directoryCountries, selectPage } from '../domain/provider-filter';
import type { ProviderPage } from '../domain/provider-filter';
import type { Provider, ProviderFilter } from '../domain/provider';
import { readerLanguageFirst } from '../domain/reader-language-first';
import { searchContent } from '../domain/search';

/** The public databases as the server holds them: every document, current. */
export type PublicData = {
  providers: readonly Provider[];
  content: readonly ContentDoc[];
  config: readonly ConfigDoc[];
};

/** Answers recorded by the server's render, by key: JSON, carried in the page. */
export type PublicAnswers = Record<string, unknown>;

export type PublicReads = {
  /** The answer under `key`, if this page has one (`compute` runs only on the server). */
  answer<T>(key: string, compute: (data: PublicData) => T): T | undefined;
};

/** The browser's reads: the answers the server gave with the page, if any. */
export function recordedReads(answers: PublicAnswers = {}): PublicReads {
  return {
    answer<T>(key: string): T | undefined {
      return key in answers ? (answers[key] as T) : undefined;
    },
  };
}

/** The server's reads: computed from the whole copy, and recorded to be sent with the page. */
export function computingReads(data: PublicData): PublicReads & { answers: PublicAnswers } {
  const answers: PublicAnswers = {};
  return {
    answers,
    answer<T>(key: string, compute: (data: PublicData) => T): T {
      if (!(key in answers)) answers[key] = compute(data);
      return answers[key] as T;
    },
  };
}

/**
 * One document as a screen shows it: the offline store's copy once it has one (or, for a missing
 * one, once its first pull is over or the browser is offline), else the server's answer; `loading`
 * while neither knows. `null` and `undefined` are "missing" and "not known yet".
 */
export function shownDocument<T>(
  local: T | null | undefined,
  served: T | null | undefined,
  pulled: boolean,
  online: boolean,
): { value: T | undefined; status: 'loading' | 'ready' } {
  const settled = local !== undefined && (local !== null || pulled || !online);
  const shown = settled ? local : served !== undefined ? served : local;
  const waiting = shown === undefined || (shown === null && served === undefined && !pulled && online);
  return { value: shown ?? undefined, status: waiting ? 'loading' : 'ready' };
}

// -------------------------------------------------------------------------------------------------
// The computations, one per hook.

export type ConfigAnswer = { value: unknown; updatedAt: string } | null;

export function configAnswer(data: PublicData, kind: keyof typeof CONFIG_IDS): ConfigAnswer {
  const doc = data.config.find((entry) => entry.id === CONFIG_IDS[kind]);
  return doc ? { value: doc.value, updatedAt: doc.updatedAt } : null;
}

const byOrderThenId = (a: ContentDoc, b: ContentDoc) =>
  (a.order ?? 0) - (b.order ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function contentOfTypeAnswer(
  data: PublicData,
  type: ContentDoc['type'],
  language: Language,
): ContentDoc[] {
  return data.content.filter((doc) => doc.type === type && doc.language === language).sort(byOrderThenId);
}

export function contentDocAnswer(data: PublicData, id: string): ContentDoc | null {
  return data.content.find((doc) => doc.id === id) ?? null;
}

const newestFirst = (a: ContentDoc, b: ContentDoc) =>
  a.newestFirst - b.newestFirst || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The listed providers in listing order, as the `listOrder` index gives them. */
export function listedProviders(data: PublicData): Provider[] {
  return data.providers
    .filter((provider) => provider.isVisible)
    .sort((a, b) => a.listOrder - b.listOrder || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export type ProviderPageAnswer = ProviderPage & { countries: string[] };

export function providerPageAnswer(
  data: PublicData,
  filter: ProviderFilter,
  page: number,
  pageSize: number,
): ProviderPageAnswer {
  const directory = listedProviders(data);
  return { ...selectPage(directory, filter, page, pageSize), countries: directoryCountries(directory) };
}

export function providerAnswer(data: PublicData, key: { id: string } | { slug: string }): Provider | null {
  const found =
    'id' in key
      ? data.providers.find((provider) => provider.id === key.id)
      : data.providers.find((provider) => provider.slug === key.slug);
  return found ?? null;
}

export type ListAnswer = { items: ContentDoc[]; total: number };

export function testimonialPageAnswer(
  data: PublicData,
  query: {
    serviceType?: string;
    language?: Language;
    readerLanguage: Language;
    search?: string;
    offset: number;
    limit: number;
  },
): ListAnswer {
  const chosen = data.content
    .filter(
      (doc) =>
        doc.type === 'testimonial' &&
        (!query.serviceType || doc.group === query.serviceType) &&
        (!query.language || doc.language === query.language),
    )
    .sort(newestFirst);
  const words = (query.search ?? '').trim();
  const ordered = readerLanguageFirst(words ? searchContent(chosen, words) : chosen, query.readerLanguage);
  return { items: ordered.slice(query.offset, query.offset + query.limit), total: ordered.length };
}

export function providerReviewsAnswer(data: PublicData, providerId: string, limit: number): ListAnswer {
  const items = data.content
    .filter((doc) => doc.type === 'review' && doc.group === providerId)
    .sort(newestFirst)
    .slice(0, limit);
  return { items, total: items.length };
}
