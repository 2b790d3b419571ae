/**
 * Demo mode's stand-ins. The demo directory's experts are seeded profiles without an account, so
 * nobody would read what a client writes to them. In demo mode (demo directory, simulated payments
 * and telephony) the service gives each client, for each demo expert they book, a private account
 * that plays that expert for them alone: the expert's side of their consultations (the call, its
 * notifications, the messages) goes to its database, and only that client can open it, from their
 * own session. A stand-in has no password and no address one can sign in with, is never published,
 * and never exists outside demo mode.
 */

/** Every stand-in's uid starts with this; a registered account's uid is plain hexadecimal. */
export const DEMO_STAND_IN_PREFIX = 'standin-';

/** Whether a uid is a demo expert's stand-in (the client's side shows it as a demo expert). */
export function isDemoStandIn(uid: string | undefined): boolean {
  return typeof uid === 'string' && uid.startsWith(DEMO_STAND_IN_PREFIX);
}
