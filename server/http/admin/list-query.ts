/**
 * The query string every admin list reads: `limit` (1–100), `token` (the page token a previous page
 * gave), `q` (search, at most 100 characters), `sort` (one of the list's sortable columns) and
 * `dir` (`asc` | `desc`), plus the list's own filters, each checked against its allowed values.
 * A malformed value is a 400 `validation` naming the parameter, never a 500 nor a silent default.
 */
import type { Request } from 'express';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PAGE_TOKEN_MAX_LENGTH } from '../../services/admin/paging';
import { ApiError } from '../errors';

export const SEARCH_MAX_LENGTH = 100;

export type ListQuery<S extends string> = {
  limit: number;
  token?: string;
  q?: string;
  sort: S;
  dir: 'asc' | 'desc';
};

function invalid(field: string): never {
  throw new ApiError(400, 'validation', `The parameter ${field} is not valid.`, {
    fields: { [field]: 'value_invalid' },
  });
}

/** One string parameter at most once (Express gives arrays for repeated parameters). */
export function queryString(req: Request, name: string, maxLength = 200): string | undefined {
  const value: unknown = req.query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > maxLength) invalid(name);
  return value;
}

/** A parameter that must be one of `allowed` (undefined when absent). */
export function queryChoice<T extends string>(
  req: Request,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = queryString(req, name, 64);
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) invalid(name);
  return value as T;
}

/** A date (`2026-11-24`, the day's start or end) or an ISO instant, as an ISO instant. */
export function queryInstant(req: Request, name: string, edge: 'start' | 'end'): string | undefined {
  const value = queryString(req, name, 40);
  if (value === undefined) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const instant = day ? `${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z` : value;
  const parsed = Date.parse(instant);
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value) || Number.isNaN(parsed)) invalid(name);
  return new Date(parsed).toISOString();
}

/** `true` / `false` filters (undefined when absent). */
export function queryBoolean(req: Request, name: string): boolean | undefined {
  const value = queryChoice(req, name, ['true', 'false'] as const);
  return value === undefined ? undefined : value === 'true';
}

export function listQuery<S extends string>(
  req: Request,
  sortable: readonly [S, ...S[]],
  defaults: { dir?: 'asc' | 'desc' } = {},
): ListQuery<S> {
  const rawLimit = queryString(req, 'limit', 3);
  const limit = rawLimit === undefined ? PAGE_SIZE_DEFAULT : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE_MAX) invalid('limit');
  const q = queryString(req, 'q', SEARCH_MAX_LENGTH)?.trim();
  return {
    limit,
    token: queryString(req, 'token', PAGE_TOKEN_MAX_LENGTH),
    q: q || undefined,
    sort: queryChoice(req, 'sort', sortable) ?? sortable[0],
    dir: queryChoice(req, 'dir', ['asc', 'desc'] as const) ?? defaults.dir ?? 'asc',
  };
}
