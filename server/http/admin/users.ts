/**
 * The users screens (clients, lawyers, expats), see services/admin/users.ts and user-actions.ts:
 * - `GET /api/admin/users/{clients|lawyers|expats}?q=&status=&country=&language=&approved=&banned=
 *   &emailVerified=&testProfile=&sort=created|name&dir=&limit=&token=`: one page `{ items, next? }`.
 * - `GET /api/admin/users/:uid`: account, user record, public profile.
 * - `GET /api/admin/users/:uid/{consultations|invoices|reviews}?limit=&token=`: the detail's lists.
 * - `POST /api/admin/users/:uid/{ban|unban|offline|password-reset}` `{ reason? }` and
 *   `DELETE /api/admin/users/:uid` `{ reason? }`: `{ changed }`, one audit entry per change.
 * Refusals: 404 `not_found`, 409 `own_account`, 403 `admin_account`, 409 `not_provider`,
 * `profile_missing`, `no_password`, `user_banned`; 503 `mail_unavailable`.
 */
import type { Request, Router } from 'express';
import { ADMIN_REASON_MAX_LENGTH } from '../../../src/domain/admin-reason';
import { USER_LIST_PATHS, USER_SORTS, USER_STATUSES } from '../../../src/domain/admin-users';
import { COUNTRY_CODES } from '../../../src/domain/countries';
import { SPOKEN_LANGUAGES } from '../../../src/domain/spoken-languages';
import type { Config } from '../../config/env';
import { logError } from '../../log';
import type { ActionInput, ActionResult } from '../../services/admin/user-actions';
import {
  banUser,
  deleteUser,
  forceOffline,
  sendPasswordResetMail,
  unbanUser,
  UserActionRefused,
} from '../../services/admin/user-actions';
import {
  findUser,
  listUsers,
  userConsultations,
  userDetail,
  userInvoices,
  userReviews,
} from '../../services/admin/users';
import type { Store } from '../../store/store';
import { ApiError } from '../errors';
import { jsonBody } from '../json-body';
import { withPageToken } from './audit';
import type { AdminContext, AdminResponse } from './index';
import { listQuery, queryBoolean, queryChoice } from './list-query';

/** A uid as the service makes them; anything else cannot name an account. */
function uidParam(req: Request): string {
  const uid = String(req.params.uid);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(uid)) throw new ApiError(404, 'not_found', 'No such account.');
  return uid;
}

/** `{ reason? }`: a short text kept in the audit trail. */
function reasonOf(req: Request): string | undefined {
  const body: unknown = req.body;
  if (body === undefined) return undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, 'validation', 'The body must be an object.', {
      fields: { body: 'value_invalid' },
    });
  }
  const reason = (body as { reason?: unknown }).reason;
  if (reason === undefined) return undefined;
  if (typeof reason !== 'string' || reason.length > ADMIN_REASON_MAX_LENGTH) {
    throw new ApiError(400, 'validation', 'The reason is not valid.', {
      fields: { reason: 'value_invalid' },
    });
  }
  return reason.trim() || undefined;
}

const REFUSALS: Record<UserActionRefused['reason'], [number, string]> = {
  not_found: [404, 'No such account.'],
  own_account: [409, 'An admin cannot do this to their own account.'],
  admin_account: [403, 'Admin accounts are not managed here.'],
  not_provider: [409, 'Only lawyers and expats go online or offline.'],
  profile_missing: [409, 'This account has no user record.'],
  no_password: [409, 'This account signs in with Google and has no password to reset.'],
  user_banned: [409, 'A banned account gets no reset link.'],
};

async function act<T extends ActionResult>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UserActionRefused) {
      const [status, message] = REFUSALS[error.reason];
      throw new ApiError(status, error.reason, message);
    }
    throw error;
  }
}

type Action = (store: Store, input: ActionInput, config: Config) => Promise<ActionResult>;

const ACTIONS: Readonly<Record<string, Action>> = {
  ban: (store, input) => banUser(store, input),
  unban: (store, input) => unbanUser(store, input),
  offline: (store, input) => forceOffline(store, input),
  'password-reset': async (store, input, config) => {
    try {
      return await sendPasswordResetMail(store, config, input);
    } catch (error) {
      if (error instanceof UserActionRefused) throw error;
      logError('[admin] password reset mail not sent:', error);
      throw new ApiError(503, 'mail_unavailable', 'The mail could not be sent; try again later.');
    }
  },
};

export function userRoutes(router: Router, { store, config }: AdminContext): void {
  for (const [role, path] of Object.entries(USER_LIST_PATHS) as [keyof typeof USER_LIST_PATHS, string][]) {
    router.get(`/admin/users/${path}`, async (req: Request, res: AdminResponse) => {
      const { limit, token, q, sort, dir } = listQuery(req, USER_SORTS, { dir: 'desc' });
      const country = queryChoice(req, 'country', COUNTRY_CODES);
      const language = queryChoice(req, 'language', SPOKEN_LANGUAGES);
      const filters = {
        status: queryChoice(req, 'status', USER_STATUSES),
        country,
        language,
        approved: queryBoolean(req, 'approved'),
        banned: queryBoolean(req, 'banned'),
        emailVerified: queryBoolean(req, 'emailVerified'),
        testProfile: queryBoolean(req, 'testProfile'),
        online: queryBoolean(req, 'online'),
      };
      res.json(await withPageToken(() => listUsers(store, role, { q, sort, dir, limit, token, filters })));
    });
  }

  router.get('/admin/users/:uid', async (req: Request, res: AdminResponse) => {
    const detail = await userDetail(store, uidParam(req));
    if (!detail) throw new ApiError(404, 'not_found', 'No such account.');
    res.json(detail);
  });

  type ListRead = (store: Store, uid: string, page: { limit: number; token?: string }) => Promise<unknown>;
  const lists: Record<string, ListRead> = {
    consultations: userConsultations,
    invoices: userInvoices,
    reviews: userReviews,
  };
  for (const [path, read] of Object.entries(lists)) {
    router.get(`/admin/users/:uid/${path}`, async (req: Request, res: AdminResponse) => {
      const uid = uidParam(req);
      const { limit, token } = listQuery(req, ['created'] as const, { dir: 'desc' });
      if (!(await findUser(store, uid))) throw new ApiError(404, 'not_found', 'No such account.');
      res.json(await withPageToken(() => read(store, uid, { limit, token })));
    });
  }

  for (const [path, action] of Object.entries(ACTIONS)) {
    router.post(`/admin/users/:uid/${path}`, jsonBody('2kb'), async (req: Request, res: AdminResponse) => {
      const input = { uid: uidParam(req), by: res.locals.adminUid, reason: reasonOf(req) };
      res.json(await act(() => action(store, input, config)));
    });
  }

  router.delete('/admin/users/:uid', jsonBody('2kb'), async (req: Request, res: AdminResponse) => {
    const input = { uid: uidParam(req), by: res.locals.adminUid, reason: reasonOf(req) };
    res.json(await act(() => deleteUser(store, input)));
  });
}
