/**
 * A server-paged admin list: search box, filter selects, a table sortable on its main columns,
 * "previous" / "next" pages. It reads `GET /api/admin/<endpoint>?q=&<filters>&sort=&dir=&token=`
 * and expects `{ items, next? }` (server/services/admin/paging.ts): the service pages, this never
 * loads everything.
 *
 * All of the list's state is in the URL (q, each filter, sort, dir, token), so a list can be
 * shared, reloaded and left with "back". The tokens of the pages before the current one are kept
 * in the history entry's state (they can be long); a page opened from a link without them offers
 * "first page" instead of "previous". Changing the search, a filter or the sort starts again at the
 * first page. `paramPrefix` lets two lists share one page without mixing their parameters.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { errorCode } from '../../../data/api';
import { SelectField } from '../../../ui/select-field';
import type { SelectOption } from '../../../ui/select-field';
import { Button } from '../../../ui/button';
import type { AdminQuery } from '../admin-api';
import { useAdminErrorText } from './admin-error';
import { NeedsConnection } from './online-only';
import { useAdminQuery } from './use-admin-query';
import styles from './admin-list.module.css';

export type SortDir = 'asc' | 'desc';

export type AdminColumn<T> = {
  /** The column's name; for a sortable column, the `sort` value the service accepts. */
  key: string;
  label: string;
  sortable?: boolean;
  /** The direction a first click on the column sorts by (dates: `desc`). */
  firstDir?: SortDir;
  render: (item: T) => ReactNode;
  /** Amounts and counts align to the end. */
  align?: 'start' | 'end';
};

export type AdminFilter = {
  /** The query parameter (`status`, `country`, `banned`…). */
  name: string;
  label: string;
  options: readonly SelectOption[];
  /** The "no filter" choice; "All" by default. */
  anyLabel?: string;
};

export type AdminPage<T> = { items: T[]; next?: string };

type Props<T> = {
  /** Relative to `/api/admin/` (`users`, `approvals`…). */
  endpoint: string;
  /** The table's accessible name. */
  label: string;
  columns: readonly AdminColumn<T>[];
  rowKey: (item: T) => string;
  /** The detail page of a row: the first column's content becomes a link to it. */
  rowLink?: (item: T) => string;
  filters?: readonly AdminFilter[];
  /** The search box's label; none when omitted. */
  searchLabel?: string;
  searchPlaceholder?: string;
  /** The sort the service applies when none is asked (shown as the current sort). */
  defaultSort?: { key: string; dir: SortDir };
  /** Fixed parameters sent with every request (a role, a status the page is about). */
  query?: AdminQuery;
  pageSize?: number;
  paramPrefix?: string;
  /** Change it to read the current page again (after an action changed a row). */
  reloadKey?: number | string;
  emptyText?: string;
  /** Something shown above the table beside the search and filters (a count, an export link). */
  toolbar?: ReactNode;
};

type PageHistory = Record<string, string[]>;

function historyOf(state: unknown): PageHistory {
  const pages = (state as { adminListPages?: unknown } | null)?.adminListPages;
  return pages && typeof pages === 'object' ? (pages as PageHistory) : {};
}

export function AdminList<T>(props: Props<T>) {
  const { endpoint, label, columns, rowKey, rowLink, filters = [], paramPrefix = '' } = props;
  const { t } = useTranslation();
  const errorText = useAdminErrorText();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const tableStart = useRef<HTMLDivElement>(null);

  const param = (name: string) => params.get(`${paramPrefix}${name}`) ?? '';
  const q = param('q');
  const sort = param('sort');
  const dir = param('dir') === 'desc' ? 'desc' : param('dir') === 'asc' ? 'asc' : '';
  const token = param('token');
  const previousTokens = historyOf(location.state)[paramPrefix] ?? [];

  /** Sets list parameters (undefined clears one) in a new history entry, keeping other lists' state. */
  const update = (changes: Record<string, string | undefined>, tokens: string[] = [], replace = false) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(`${paramPrefix}${name}`, value);
      else next.delete(`${paramPrefix}${name}`);
    }
    const state = { adminListPages: { ...historyOf(location.state), [paramPrefix]: tokens } };
    const search = next.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { state, replace });
  };

  const query: AdminQuery = {
    ...props.query,
    ...Object.fromEntries(filters.map((filter) => [filter.name, param(filter.name)])),
    q,
    sort,
    dir,
    token,
    limit: props.pageSize,
  };
  const result = useAdminQuery<AdminPage<T>>(endpoint, query, props.reloadKey);
  const filtered = q !== '' || filters.some((filter) => param(filter.name) !== '');

  const goTo = (changes: Record<string, string | undefined>, tokens: string[]) => {
    update(changes, tokens);
    tableStart.current?.focus({ preventScroll: true });
    tableStart.current?.scrollIntoView({ block: 'nearest' });
  };

  const currentSort = sort || props.defaultSort?.key || '';
  const currentDir: SortDir = dir || (sort ? 'asc' : (props.defaultSort?.dir ?? 'asc'));
  const sortBy = (column: AdminColumn<T>) => {
    const nextDir: SortDir =
      currentSort === column.key ? (currentDir === 'asc' ? 'desc' : 'asc') : (column.firstDir ?? 'asc');
    update({ sort: column.key, dir: nextDir, token: undefined });
  };

  return (
    <section className={styles.list} aria-label={label}>
      {(props.searchLabel || filters.length > 0 || props.toolbar) && (
        <div className={styles.controls}>
          {props.searchLabel && (
            <SearchBox
              label={props.searchLabel}
              placeholder={props.searchPlaceholder}
              value={q}
              onSearch={(value) => update({ q: value.trim() || undefined, token: undefined }, [], true)}
            />
          )}
          {filters.map((filter) => (
            <SelectField
              key={filter.name}
              label={filter.label}
              anyLabel={filter.anyLabel ?? t('admin.common.any')}
              value={param(filter.name)}
              options={filter.options}
              onChange={(value) => update({ [filter.name]: value || undefined, token: undefined })}
            />
          ))}
          {props.toolbar && <div className={styles.toolbar}>{props.toolbar}</div>}
        </div>
      )}

      <div ref={tableStart} tabIndex={-1} className={styles.scroller} data-admin-list={endpoint}>
        <table className={styles.table} aria-busy={result.status === 'loading'}>
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const active = currentSort === column.key;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={column.align === 'end' ? styles.end : undefined}
                    aria-sort={
                      column.sortable && active
                        ? currentDir === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : undefined
                    }
                  >
                    {column.sortable ? (
                      <button
                        type="button"
                        className={styles.sort}
                        onClick={() => sortBy(column)}
                        title={t('admin.common.sortBy', { column: column.label })}
                      >
                        {column.label}
                        <span className={styles.arrow} aria-hidden="true">
                          {active ? (currentDir === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          {result.status === 'ready' && (
            <tbody>
              {result.data.items.map((item) => {
                const link = rowLink?.(item);
                return (
                  <tr key={rowKey(item)}>
                    {columns.map((column, index) => (
                      <td key={column.key} className={column.align === 'end' ? styles.end : undefined}>
                        {index === 0 && link ? (
                          <Link className={styles.rowLink} to={link}>
                            {column.render(item)}
                          </Link>
                        ) : (
                          column.render(item)
                        )}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          )}
        </table>
        <ListState
          result={result}
          filtered={filtered}
          onAnotherPage={token !== ''}
          emptyText={props.emptyText}
          errorText={errorText}
          onClear={() =>
            update(
              Object.fromEntries(['q', 'token', ...filters.map((f) => f.name)].map((n) => [n, undefined])),
            )
          }
        />
      </div>

      {(token || result.data?.next) && (
        <nav className={styles.pager} aria-label={t('admin.common.pages')}>
          {token && previousTokens.length > 0 && (
            <Button
              variant="secondary"
              size="small"
              onClick={() => goTo({ token: previousTokens.at(-1) || undefined }, previousTokens.slice(0, -1))}
            >
              {t('admin.common.previous')}
            </Button>
          )}
          {token && previousTokens.length === 0 && (
            <Button variant="secondary" size="small" onClick={() => goTo({ token: undefined }, [])}>
              {t('admin.common.firstPage')}
            </Button>
          )}
          <span className={styles.pageNumber}>
            {t('admin.common.pageNumber', { page: token ? previousTokens.length + 1 : 1 })}
          </span>
          {result.data?.next && (
            <Button
              variant="secondary"
              size="small"
              onClick={() => goTo({ token: result.data?.next }, [...previousTokens, token])}
            >
              {t('admin.common.next')}
            </Button>
          )}
        </nav>
      )}
    </section>
  );
}

function ListState<T>({
  result,
  filtered,
  onAnotherPage,
  emptyText,
  errorText,
  onClear,
}: {
  result: ReturnType<typeof useAdminQuery<AdminPage<T>>>;
  filtered: boolean;
  onAnotherPage: boolean;
  emptyText?: string;
  errorText: (error: unknown) => string;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (result.status === 'loading') {
    return (
      <p className={styles.state} role="status" data-admin-state="loading">
        {t('admin.common.loading')}
      </p>
    );
  }
  if (result.status === 'error') {
    if (errorCode(result.error) === 'offline') return <NeedsConnection />;
    return (
      <div className={`${styles.state} ${styles.error}`} role="alert" data-admin-state="error">
        <p>{errorText(result.error)}</p>
        <Button variant="secondary" size="small" onClick={result.reload}>
          {t('admin.common.retry')}
        </Button>
      </div>
    );
  }
  if (result.data.items.length > 0) return null;
  // A filter the service applies while scanning can give an empty page that still has a next one.
  const text = result.data.next
    ? t('admin.common.emptyPage')
    : filtered
      ? t('admin.common.emptyFiltered')
      : (emptyText ?? t('admin.common.empty'));
  return (
    <div className={styles.state} data-admin-state="empty">
      <p>{text}</p>
      {filtered && !onAnotherPage && (
        <Button variant="ghost" size="small" onClick={onClear}>
          {t('admin.common.clearFilters')}
        </Button>
      )}
    </div>
  );
}

/**
 * The search box: searching waits for a pause in typing (or Enter), so the URL and the service
 * see one search per word, not one per key.
 */
function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onSearch: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL changed under the box ("back", "clear filters"): the box follows it.
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Where the box is: a row opened before the pause ends leaves this page (still shown while the
  // next one loads), and the search typed meanwhile must not bring the reader back here.
  const listPath = useLocation().pathname;
  const commit = (text: string) => {
    clearTimeout(timer.current);
    if (text.trim() !== value) onSearch(text);
  };
  return (
    <form
      role="search"
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        commit(draft);
      }}
    >
      <label className={styles.searchLabel}>
        <span>{label}</span>
        <input
          type="search"
          value={draft}
          placeholder={placeholder}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => {
              if (window.location.pathname === listPath) commit(text);
            }, 400);
          }}
        />
      </label>
    </form>
  );
}
