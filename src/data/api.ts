/**
 * Requests to the service's `/api` for what needs the server's judgement (accounts, sign-in…).
 *
 * Every state-changing request carries the CSRF header; every answer that is not a success
 * becomes an `ApiError` with a code the interface translates (`auth.errors.<code>`), never a raw
 * message. A request that takes too long is cut after 10 s (15 s on a slow connection, spec
 * section 9) and reads `timeout`; a browser that knows it is offline does not even try (`offline`);
 * a request that could not reach the service reads `network`.
 */
import { CSRF_HEADER, CSRF_VALUE } from '../domain/account';
import { LOGIN_TIMEOUT_MS, LOGIN_TIMEOUT_SLOW_MS } from '../domain/constants';
import { reportNetwork } from './sync-status';

/** Codes the browser itself gives, beside the server's. */
export type LocalErrorCode = 'timeout' | 'offline' | 'network' | 'server' | 'aborted';

/** An extra field of an error answer (what is left of a refund…): a scalar, never an object. */
export type ErrorDetail = string | number | boolean;

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when no answer came. */
    readonly status: number,
    readonly code: string,
    /** A code per field of the request, for `validation` answers. */
    readonly fields: Readonly<Record<string, string>> = {},
    /** Seconds to wait before trying again (429). */
    readonly retryAfter?: number,
    /** The answer's other fields (`left` of `exceeds_refundable`…), bounded by `toApiError`. */
    readonly details: Readonly<Record<string, ErrorDetail>> = {},
  ) {
    super(`API error ${status}: ${code}`);
    this.name = 'ApiError';
  }
}

type ErrorBody = {
  error?: { code?: unknown; fields?: unknown; retryAfter?: unknown };
};

/** Fields of an error answer that are not details (read on their own, or never shown). */
const NOT_DETAILS = new Set(['code', 'message', 'fields', 'retryAfter']);
/** A body is the server's, but a proxy's or a broken one must not fill memory or the screen. */
const DETAILS_MAX = 16;
const DETAIL_TEXT_MAX = 200;
const DETAIL_NAME = /^[a-zA-Z][a-zA-Z0-9]{0,31}$/;

function errorDetails(error: object): Record<string, ErrorDetail> {
  const details: Record<string, ErrorDetail> = {};
  let count = 0;
  for (const [name, value] of Object.entries(error)) {
    if (count >= DETAILS_MAX) break;
    if (NOT_DETAILS.has(name) || !DETAIL_NAME.test(name)) continue;
    if (typeof value === 'string') details[name] = value.slice(0, DETAIL_TEXT_MAX);
    else if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
      details[name] = value;
    } else continue;
    count += 1;
  }
  return details;
}

type DetailKind = { number: number; string: string; boolean: boolean };

/** An extra field of an error, when it is an `ApiError` that has it with that type. */
export function errorDetail<K extends keyof DetailKind>(
  error: unknown,
  name: string,
  kind: K,
): DetailKind[K] | undefined {
  if (!(error instanceof ApiError) || !Object.hasOwn(error.details, name)) return undefined;
  const value = error.details[name];
  return typeof value === kind ? (value as DetailKind[K]) : undefined;
}

/** The error an answer stands for: the server's code, its fields and the retry delay (body or header). */
export function toApiError(status: number, body: unknown, retryAfterHeader?: string | null): ApiError {
  const error = (body as ErrorBody | undefined)?.error;
  const code =
    typeof error?.code === 'string' && /^[a-z0-9_]{1,64}$/.test(error.code)
      ? error.code
      : status >= 500
        ? 'server'
        : `http_${status}`;
  const fields: Record<string, string> = {};
  if (error?.fields && typeof error.fields === 'object') {
    for (const [field, fieldCode] of Object.entries(error.fields as Record<string, unknown>)) {
      if (typeof fieldCode === 'string') fields[field] = fieldCode;
    }
  }
  const fromHeader = retryAfterHeader ? Number(retryAfterHeader) : NaN;
  const retryAfter =
    typeof error?.retryAfter === 'number' && error.retryAfter >= 0
      ? Math.ceil(error.retryAfter)
      : Number.isFinite(fromHeader) && fromHeader >= 0
        ? Math.ceil(fromHeader)
        : undefined;
  const details = error && typeof error === 'object' ? errorDetails(error) : {};
  return new ApiError(status, code, fields, retryAfter, details);
}

type NetworkInformation = { effectiveType?: string; saveData?: boolean };
const SLOW_CONNECTIONS = new Set(['slow-2g', '2g', '3g']);

/** 10 s, or 15 s when the browser says the connection is slow (2G or 3G). */
export function requestTimeoutMs(connection: NetworkInformation | undefined): number {
  return connection?.effectiveType && SLOW_CONNECTIONS.has(connection.effectiveType)
    ? LOGIN_TIMEOUT_SLOW_MS
    : LOGIN_TIMEOUT_MS;
}

function browserConnection(): NetworkInformation | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

export function isBrowserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A JSON body, or raw bytes (a photo) sent with their own type. */
  body?: unknown;
  timeoutMs?: number;
  /** Extra headers, for instance the optional client context of auth events. */
  headers?: Record<string, string>;
  /** Cancels the request (a newer one replaces it): it then throws `aborted`. */
  signal?: AbortSignal;
};

/** Calls the service and answers the parsed JSON (undefined for 204), or throws an `ApiError`. */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  if (isBrowserOffline()) throw new ApiError(0, 'offline');
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (method !== 'GET') headers[CSRF_HEADER] = CSRF_VALUE;
  let body: BodyInit | undefined;
  if (options.body instanceof Blob) {
    body = options.body;
    headers['content-type'] = options.body.type;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  if (options.signal?.aborted) throw new ApiError(0, 'aborted');
  const controller = new AbortController();
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel);
  const timer = setTimeout(
    () => controller.abort(),
    options.timeoutMs ?? requestTimeoutMs(browserConnection()),
  );
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      cache: 'no-store',
      signal: controller.signal,
    });
  } catch {
    if (options.signal?.aborted) throw new ApiError(0, 'aborted');
    if (controller.signal.aborted) throw new ApiError(0, 'timeout');
    reportNetwork(false);
    throw new ApiError(0, isBrowserOffline() ? 'offline' : 'network');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
  reportNetwork(true);
  if (response.status === 204) return undefined as T;
  const parsed: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response.status, parsed, response.headers.get('retry-after'));
  return parsed as T;
}

/** The code of anything a request threw, for the interface to translate. */
export function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : 'server';
}
