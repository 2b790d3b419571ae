/**
 * The title and description of a document's page (a provider's profile, a help article): the
 * document's own name and words, so that each of these pages is found, and shown in results, as
 * itself. The server puts them in the page's head (src/ssr/render.tsx); the page sets them in the
 * browser (after RouteEffects has set its screen's generic pair).
 */
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import type { ContentDoc } from '../domain/content';
import type { Language } from '../domain/languages';
import type { Provider } from '../domain/provider';
import { countryName } from '../ui/intl';

export type PageSeo = { title: string; description: string };

/** Search engines show about this many characters of a description. */
const DESCRIPTION_MAX = 160;

export function providerSeo(provider: Provider, t: TFunction, language: Language): PageSeo {
  const values = {
    name: provider.fullName,
    profession: t(`professions.${provider.profession ?? provider.role}`),
    country: countryName(provider.country, language),
  };
  return {
    title: t('seoDocument.providerProfile.title', values),
    description: excerpt(provider.bio) ?? t('seoDocument.providerProfile.description', values),
  };
}

export function articleSeo(article: ContentDoc, t: TFunction): PageSeo | undefined {
  if (!article.title) return undefined;
  return {
    title: t('seoDocument.helpArticle.title', { title: article.title }),
    description: excerpt(article.summary) ?? excerpt(article.body) ?? t('seo.default.description'),
  };
}

/** Sets the page's title and description while it shows the document. */
export function useDocumentSeo(seo: PageSeo | undefined): void {
  const title = seo?.title;
  const description = seo?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    document.title = title;
    document.querySelector<HTMLMetaElement>('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}

/** Plain text of at most `DESCRIPTION_MAX` characters, cut at a word; undefined when empty. */
export function excerpt(text: string | undefined): string | undefined {
  const plain = text
    ?.replace(/<[^>]*>/g, ' ')
    .replace(/[#*_>`[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!plain) return undefined;
  if (plain.length <= DESCRIPTION_MAX) return plain;
  const cut = plain.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX / 2)).trimEnd()}…`;
}
