/**
 * Demo mode's stand-ins (src/domain/demo-stand-in.ts): the client opens the private space that
 * plays a demo expert they booked, to read and answer what they wrote as that expert, then comes
 * back to their own account. Both need the connection; the session then changes hands.
 */
import type { SessionUserView } from '../domain/account';
import { switchSessionUser } from './auth';

export function openStandIn(orderId: string): Promise<SessionUserView> {
  return switchSessionUser(`/api/demo/stand-ins/${encodeURIComponent(orderId)}/open`);
}

export function leaveStandIn(): Promise<SessionUserView> {
  return switchSessionUser('/api/demo/stand-ins/return');
}
