/**
 * A user's own database is named as CouchDB names per-user databases: `userdb-` followed by the
 * lowercase hex of the user id's UTF-8 bytes.
 */
export const USER_DB_PREFIX = 'userdb-';

export function userDbName(uid: string): string {
  const bytes = new TextEncoder().encode(uid);
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return USER_DB_PREFIX + hex;
}

export function isUserDbName(name: string): boolean {
  return /^userdb-(?:[0-9a-f]{2})+$/.test(name);
}
