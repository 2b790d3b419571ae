/**
 * The i18next options of the browser and of the server's render: one `translation` namespace, keys
 * as dotted paths (no namespace in a key). Naming both separators also spares every `t()` the test
 * of whether its key looks like natural language (a regular expression per call, a fifth of the
 * translation time of a page's first render).
 */
export const I18N_OPTIONS = {
  fallbackLng: false,
  ns: ['translation'],
  defaultNS: 'translation',
  nsSeparator: false,
  keySeparator: '.',
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;
