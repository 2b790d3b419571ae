import { useEffect, useState } from 'react';
import { PROFILE_ID } from '../domain/mine';
import type { Profile } from '../domain/mine';
import { useDataLayer } from './data-context';

/**
 * The signed-in user's own record (`profile` in their database, replicated into `mine`), kept
 * current: undefined while it is read, null when this device has no copy yet (first sync running).
 */
export function useOwnProfile(uid: string | undefined): Profile | null | undefined {
  const { db } = useDataLayer();
  const [profile, setProfile] = useState<{ uid: string; doc: Profile | null }>();
  useEffect(() => {
    if (!uid) return;
    const subscription = db.mine.findOne(PROFILE_ID).$.subscribe((doc) => {
      const data = doc ? (doc.toJSON() as unknown as Profile) : null;
      setProfile({ uid, doc: data && data.uid === uid ? data : null });
    });
    return () => subscription.unsubscribe();
  }, [db, uid]);
  return uid && profile?.uid === uid ? profile.doc : undefined;
}
