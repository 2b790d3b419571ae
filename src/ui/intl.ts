/**
 * Names of countries and languages, and figures, in the interface language, from the browser's own
 * data, each looked up or written once (every card and every option of a list asks for them).
 *
 * The first lookup of a kind in a language loads the browser's data for it, as do a first Collator
 * and a first number format: hydrating the directory spent 57 ms in the country names and the
 * Collator (230 ms at 4× CPU), then 39 ms in the language names and 46 ms in its first number
 * format. A page the server rendered comes with the names and figures it wrote, names in
 * alphabetical order (`recordingTexts`, `primeTexts`), so that its hydration needs none of them.
 */
type TextKind = 'region' | 'language' | 'number';
/** [kind, code, text], as recorded by the server and primed in the browser. */
export type PrimedText = [TextKind, string, string];

/** Far above every country and language in five languages: codes read from addresses are not kept past it. */
const NAMES_KEPT = 5_000;
/** Figures written (ratings, prices, counts): forgotten all at once past this many. */
const FIGURES_KEPT = 20_000;

const displayNames = new Map<string, Intl.DisplayNames>();
const names = new Map<string, string>();
const figures = new Map<string, string>();
/** Per language, the rank of each primed name in that language's alphabetical order. */
const primedRanks = new Map<string, Map<string, number>>();
type Recorder = { locale: string; texts: Map<string, PrimedText> };
const recorders = new Set<Recorder>();

const textKey = (locale: string, kind: TextKind, code: string) => `${locale}\u0001${kind}\u0001${code}`;

function keep(kind: TextKind, key: string, made: string): void {
  if (kind !== 'number') {
    if (names.size < NAMES_KEPT) names.set(key, made);
    return;
  }
  if (figures.size >= FIGURES_KEPT) figures.clear();
  figures.set(key, made);
}

/** The text of `kind` and `code` in `locale`: from the cache, else written by `make` and kept. */
function text(kind: TextKind, code: string, locale: string, make: () => string): string {
  const key = textKey(locale, kind, code);
  let made = (kind === 'number' ? figures : names).get(key);
  if (made === undefined) {
    made = make();
    keep(kind, key, made);
  }
  for (const recorder of recorders) {
    if (recorder.locale === locale) recorder.texts.set(key, [kind, code, made]);
  }
  return made;
}

function lookUp(kind: 'region' | 'language', code: string, locale: string): string {
  return text(kind, code, locale, () => {
    let display = displayNames.get(`${locale}:${kind}`);
    if (!display) {
      display = new Intl.DisplayNames([locale], { type: kind });
      displayNames.set(`${locale}:${kind}`, display);
    }
    let name: string;
    try {
      name = display.of(kind === 'region' ? code.toUpperCase() : code) ?? code;
    } catch {
      name = code;
    }
    return kind === 'language' ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : name;
  });
}

export function countryName(code: string, locale: string): string {
  return lookUp('region', code, locale);
}

export function languageName(code: string, locale: string): string {
  return lookUp('language', code, locale);
}

/** `value` written as `locale` writes numbers with `options`. */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  const code = `${options ? JSON.stringify(options) : ''} ${value}`;
  return text('number', code, locale, () => numberFormat(locale, options).format(value));
}

/**
 * The server's render: the names and figures a render wrote in `locale`, names in its alphabetical
 * order, for the browser to prime its own with. Renders may overlap: a text another render wrote
 * meanwhile may be listed too, never one of this render left out.
 */
export async function recordingTexts<T>(
  locale: string,
  render: () => Promise<T>,
): Promise<[T, PrimedText[]]> {
  const recorder: Recorder = { locale, texts: new Map() };
  recorders.add(recorder);
  try {
    const result = await render();
    const { compare } = collator(locale);
    const recorded = [...recorder.texts.values()];
    const byName = recorded.filter(([kind]) => kind !== 'number').sort((a, b) => compare(a[2], b[2]));
    return [result, [...byName, ...recorded.filter(([kind]) => kind === 'number')]];
  } finally {
    recorders.delete(recorder);
  }
}

/** The browser, before hydrating a page the server rendered: the names (in order) and figures it wrote. */
export function primeTexts(locale: string, primed: readonly PrimedText[]): void {
  let ranks = primedRanks.get(locale);
  if (!ranks) {
    ranks = new Map();
    primedRanks.set(locale, ranks);
  }
  for (const entry of primed) {
    if (!Array.isArray(entry)) continue;
    const [kind, code, made] = entry;
    if (typeof code !== 'string' || typeof made !== 'string') continue;
    if (kind === 'region' || kind === 'language') {
      if (!ranks.has(made)) ranks.set(made, ranks.size);
    } else if (kind !== 'number') continue;
    keep(kind, textKey(locale, kind, code), made);
  }
}

const collators = new Map<string, Intl.Collator>();

/** The order of `locale`'s alphabet, made once (`localeCompare` with a locale makes one per call). */
export function collator(locale: string): Intl.Collator {
  let made = collators.get(locale);
  if (!made) {
    made = new Intl.Collator(locale);
    collators.set(locale, made);
  }
  return made;
}

/** Codes as options labelled by `name`, in the alphabetical order of `locale`: each named once. */
export function optionsByName(
  codes: readonly string[],
  name: (code: string) => string,
  locale: string,
): { value: string; label: string }[] {
  const options = codes.map((value) => ({ value, label: name(value) }));
  // Names the server primed come in its order, with no Collator made for them.
  const ranks = primedRanks.get(locale);
  if (ranks && options.every((option) => ranks.has(option.label))) {
    return options.sort((a, b) => ranks.get(a.label)! - ranks.get(b.label)!);
  }
  const { compare } = collator(locale);
  return options.sort((a, b) => compare(a.label, b.label));
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * The number format of `locale` with `options`, made once: making one costs far more than using it,
 * and a page's first render writes hundreds of figures (ratings, prices, counts).
 */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = options ? `${locale} ${JSON.stringify(options)}` : locale;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A rating with one decimal, as the reader's language writes it (4,8 · 4.8). */
export function formatRating(rating: number, locale: string): string {
  return formatNumber(rating, locale, ONE_DECIMAL);
}

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** An amount in minor units as money: whole amounts without decimals (49 €), others with two (44,10 €). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const digits = amount % 100 === 0 ? 0 : 2;
  return formatNumber(amount / 100, locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}
