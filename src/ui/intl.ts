/** Names of countries and languages in the interface language, from the browser's own data. */
const regionNames = new Map<string, Intl.DisplayNames>();
const languageNames = new Map<string, Intl.DisplayNames>();

export function countryName(code: string, locale: string): string {
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region' });
    regionNames.set(locale, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export function languageName(code: string, locale: string): string {
  let names = languageNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'language' });
    languageNames.set(locale, names);
  }
  const name = names.of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
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
  const { compare } = collator(locale);
  return codes.map((value) => ({ value, label: name(value) })).sort((a, b) => compare(a.label, b.label));
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
  return numberFormat(locale, ONE_DECIMAL).format(rating);
}

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** An amount in minor units as money: whole amounts without decimals (49 €), others with two (44,10 €). */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const digits = amount % 100 === 0 ? 0 : 2;
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 100);
}
