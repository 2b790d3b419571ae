/** Where each role's list and detail pages live in the console (screens.ts paths). */
import type { ListedRole } from '../../../domain/admin-users';
import type { UserRole } from '../../../domain/professions';
import { adminPath } from '../screens';

export const USER_LIST_SCREENS: Readonly<Record<ListedRole, string>> = {
  client: 'users/clients',
  lawyer: 'users/providers/lawyers',
  expat: 'users/providers/expats',
};

export const USER_DETAIL_SCREENS: Readonly<Record<ListedRole, string>> = {
  client: 'users/clients/:uid',
  lawyer: 'users/providers/lawyers/:uid',
  expat: 'users/providers/expats/:uid',
};

export function isListedRole(role: UserRole | undefined): role is ListedRole {
  return role === 'client' || role === 'lawyer' || role === 'expat';
}

/** The detail page of a user, under their role's list. */
export function userDetailPath(role: ListedRole, uid: string): string {
  return adminPath(USER_DETAIL_SCREENS[role], { uid });
}
