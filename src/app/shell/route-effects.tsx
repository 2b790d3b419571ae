import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

/** The paths with their own title and description (spec section 2); every other path uses the generic pair. */
const SEO_KEYS: Record<string, 'home' | 'login' | 'pricing' | 'testimonials'> = {
  '/': 'home',
  '/login': 'login',
  '/pricing': 'pricing',
  '/tarifs': 'pricing',
  '/testimonials': 'testimonials',
  '/temoignages': 'testimonials',
};

/** On every navigation: back to the top of the page, and the page's title and description. */
export function RouteEffects() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);

  useEffect(() => {
    const key = SEO_KEYS[pathname] ?? 'default';
    document.title = t(`seo.${key}.title`);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = t(`seo.${key}.description`);
  }, [pathname, t, i18n.language]);

  return null;
}
