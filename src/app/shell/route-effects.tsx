import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { screenOfPath } from '../../config/paths';
import type fr from '../../i18n/locales/fr.json';

type SeoKey = keyof (typeof fr)['seo'];

/**
 * The path the shell last showed. Module state, not a ref: the shell mounts again when the offline
 * store takes over, and that is not a navigation.
 */
let shownPath: string | undefined;

/** On every navigation: back to the top of the page, focus on the content, and the page's title and description. */
export function RouteEffects() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();

  useEffect(() => {
    const arrival = shownPath === undefined;
    const moved = shownPath !== pathname;
    shownPath = pathname;
    // On arrival the browser places the page: a reload keeps the reader's place, and a reader who
    // scrolled the server's HTML before the script hydrated it is not sent back to the top.
    if (arrival || !moved) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    // Keyboard and screen-reader users start at the new content.
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  useEffect(() => {
    // A screen with its own `seo.<screen>` pair uses it (spec section 2); the others the generic pair.
    const screen = screenOfPath(pathname);
    const key = (screen && i18n.exists(`seo.${screen}.title`) ? screen : 'default') as SeoKey;
    document.title = t(`seo.${key}.title`);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = t(`seo.${key}.description`);
  }, [pathname, t, i18n, i18n.language]);

  return null;
}
