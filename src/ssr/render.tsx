/**
 * The server's render of a public page (built by `vite build --ssr`, loaded by server/http/ssr.ts):
 * the same components as the browser, in the reader's language, from the server's copy of the
 * public databases. It answers the HTML of the app's root, the answers the page read (sent with it,
 * so that the browser's first render matches), and the page's title and description.
 */
import { createInstance } from 'i18next';
import { I18N_OPTIONS } from '../i18n/options';
import type { TFunction } from 'i18next';
import type { Resource } from 'i18next';
import type { ReactNode } from 'react';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { AppTree } from '../app/app';
import { articleSeo, providerSeo } from '../app/document-seo';
import type { PageSeo } from '../app/document-seo';
import { preloadScreen } from '../app/router';
import { screenOfPath } from '../config/paths';
import type { ScreenId } from '../config/paths';
import { computingReads } from '../data/public-reads';
import type { PublicAnswers, PublicData } from '../data/public-reads';
import type { ContentDoc } from '../domain/content';
import type { Language } from '../domain/languages';
import type { Provider } from '../domain/provider';
import { recordingTexts } from '../ui/intl';
import type { PrimedText } from '../ui/intl';
import de from '../i18n/locales/de.json';
import en from '../i18n/locales/en.json';
import es from '../i18n/locales/es.json';
import fr from '../i18n/locales/fr.json';
import ru from '../i18n/locales/ru.json';

type SeoKey = keyof (typeof fr)['seo'];

const MESSAGES: Record<Language, Record<string, unknown>> = { fr, en, es, ru, de };

/** A render that has not finished by then (a screen waiting on something) is given up. */
const RENDER_LIMIT_MS = 5_000;

export type RenderedPage = {
  html: string;
  answers: PublicAnswers;
  /** The country and language names (in the language's alphabetical order) and figures the page shows. */
  texts: PrimedText[];
  screen: ScreenId | undefined;
  title: string;
  description: string;
};

/** The screen's own title and description, or a document's (a profile, an article) for its page. */
function pageSeo(
  screen: ScreenId | undefined,
  answers: PublicAnswers,
  t: TFunction,
  language: Language,
): PageSeo {
  const found = <T,>(prefix: string, isIt: (value: Record<string, unknown>) => boolean) =>
    Object.entries(answers).find(
      ([key, value]) =>
        key.startsWith(prefix) &&
        value !== null &&
        typeof value === 'object' &&
        isIt(value as Record<string, unknown>),
    )?.[1] as T | undefined;
  const provider =
    screen === 'providerProfile' ? found<Provider>('provider:', (v) => 'fullName' in v) : undefined;
  if (provider) return providerSeo(provider, t, language);
  const article =
    screen === 'helpArticle' ? found<ContentDoc>('content:', (v) => v.type === 'article') : undefined;
  const seo = article && articleSeo(article, t);
  if (seo) return seo;
  const key = (screen && t(`seo.${screen}.title`, { defaultValue: '' }) ? screen : 'default') as SeoKey;
  return { title: t(`seo.${key}.title`), description: t(`seo.${key}.description`) };
}

async function translator(language: Language) {
  const i18n = createInstance();
  const resources: Resource = { [language]: { translation: MESSAGES[language] } };
  await i18n.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: language,
    resources,
    initAsync: false,
  });
  return i18n;
}

export async function renderPage(url: string, language: Language, data: PublicData): Promise<RenderedPage> {
  const [i18n] = await Promise.all([
    translator(language),
    preloadScreen(new URL(url, 'http://page').pathname),
  ]);
  const reads = computingReads(data);
  const router = (routes: ReactNode) => <StaticRouter location={url}>{routes}</StaticRouter>;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooLong = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The page took too long to render.')), RENDER_LIMIT_MS);
  });
  try {
    // The browser renders with Preact (its `compat` layer, aliased for `react` in vite.config.ts), and
    // so does the server, so that hydration finds the markup it would write. A component that throws
    // rejects the render (no error boundary catches on the server): the shell answers instead.
    const [html, texts] = await recordingTexts(language, () =>
      Promise.race([
        renderToStringAsync(
          (
            <I18nextProvider i18n={i18n}>
              <AppTree source={{ layer: undefined, reads }} router={router} />
            </I18nextProvider>
          ) as unknown as VNode,
        ),
        tooLong,
      ]),
    );
    const screen = screenOfPath(new URL(url, 'http://page').pathname);
    return {
      html,
      answers: reads.answers,
      texts,
      screen,
      ...pageSeo(screen, reads.answers, i18n.t, language),
    };
  } finally {
    clearTimeout(timer);
  }
}
