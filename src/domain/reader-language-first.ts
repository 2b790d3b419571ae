/**
 * Lists written in many languages (testimonials) are read in the reader's language first, then in
 * the others, each part in its own order (newest first). A page of such a list may take the end of
 * the first part and the start of the second: `readerFirstWindow` says which slice of each part a
 * page reads, so that each part is paged straight from its index.
 */
import type { Language } from './languages';

export type Slice = { skip: number; limit: number };

export function readerFirstWindow(
  offset: number,
  limit: number,
  readerTotal: number,
): { reader: Slice; others: Slice } {
  const fromReader = Math.max(0, Math.min(limit, readerTotal - offset));
  return {
    reader: { skip: Math.min(offset, readerTotal), limit: fromReader },
    others: { skip: Math.max(0, offset - readerTotal), limit: limit - fromReader },
  };
}

/** The items in the reader's language first, then the others, each in the order they came. */
export function readerLanguageFirst<T extends { language: string }>(
  items: readonly T[],
  reader: Language,
): T[] {
  return [
    ...items.filter((item) => item.language === reader),
    ...items.filter((item) => item.language !== reader),
  ];
}
