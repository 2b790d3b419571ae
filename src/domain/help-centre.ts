/** The help centre's article categories (spec section 2), in the order they are shown. */
export const HELP_CATEGORIES = [
  'emergency_calls',
  'user_account',
  'payments',
  'practical_guides',
  'general',
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export function isHelpCategory(value: unknown): value is HelpCategory {
  return typeof value === 'string' && (HELP_CATEGORIES as readonly string[]).includes(value);
}

/** Document ids of the `content` database, one per item and language. */
export const contentIds = {
  article: (language: string, slug: string) => `article:${language}:${slug}`,
  faq: (language: string, slug: string) => `faq:${language}:${slug}`,
  legal: (language: string, slug: string) => `legal:${language}:${slug}`,
  testimonial: (id: string) => `testimonial:${id}`,
  review: (id: string) => `review:${id}`,
};
