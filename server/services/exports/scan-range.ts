/**
 * Every row of a view's range, a page at a time (paging.ts's `scanPage` at its largest page): the
 * exports write each page as it comes instead of reading the range whole.
 */
import type { DocumentScope } from 'nano';
import { PAGE_SIZE_MAX, scanPage } from '../admin/paging';
import type { ScanOptions } from '../admin/paging';

export async function* scanRange<D extends object, T>(
  db: DocumentScope<D>,
  options: Omit<ScanOptions<D, T>, 'limit' | 'token'>,
): AsyncGenerator<T[]> {
  let token: string | undefined;
  do {
    const page = await scanPage<D, T>(db, { ...options, limit: PAGE_SIZE_MAX, token });
    if (page.items.length > 0) yield page.items;
    token = page.next;
  } while (token);
}
