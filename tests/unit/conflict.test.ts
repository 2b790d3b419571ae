import { describe, expect, it } from 'vitest';
import type { WithDeleted } from 'rxdb';
import { lostEdits$, mergeDocument, mineConflictHandler } from '../../src/data/conflict';
import type { MineDoc } from '../../src/domain/mine';

const T0 = '2026-11-22T10:00:00.000Z';
const T1 = '2026-11-22T10:05:00.000Z';
const T2 = '2026-11-22T10:06:00.000Z';

function profile(fields: Record<string, unknown> = {}): WithDeleted<MineDoc> {
  return {
    id: 'profile',
    type: 'profile',
    uid: 'lea',
    role: 'lawyer',
    email: 'lea@example.test',
    preferredLanguage: 'fr',
    firstName: 'Léa',
    displayName: 'Léa',
    languages: ['fr'],
    isApproved: true,
    bio: 'Avocate en droit des étrangers depuis douze ans.',
    specialties: ['immigration'],
    createdAt: T0,
    updatedAt: T0,
    _deleted: false,
    ...fields,
  } as WithDeleted<MineDoc>;
}

describe('conflicts on the user’s own documents, field by field', () => {
  it('keeps both edits when two devices changed different fields', () => {
    const base = profile();
    const server = profile({
      bio: 'Bio écrite sur le téléphone, assez longue pour être valable.',
      updatedAt: T1,
    });
    const local = profile({ specialties: ['immigration', 'family'], updatedAt: T2 });
    const { merged, lostFields } = mergeDocument(base, server, local);
    expect(merged).toMatchObject({ bio: server.bio, specialties: ['immigration', 'family'], updatedAt: T2 });
    expect(lostFields).toEqual([]);
  });

  it('keeps the version that reached the server first when both changed the same field, and says so', () => {
    const base = profile();
    const server = profile({
      bio: 'La version du téléphone, arrivée la première au serveur.',
      updatedAt: T1,
    });
    const local = profile({ bio: 'La version de l’ordinateur, écrite hors ligne plus tard.', updatedAt: T2 });
    const { merged, lostFields } = mergeDocument(base, server, local);
    expect(merged.bio).toBe(server.bio);
    expect(lostFields).toEqual(['bio']);
  });

  it('always keeps the server’s fields: approval, presence, role', () => {
    const base = profile();
    const server = profile({ isApproved: false, isOnline: true, updatedAt: T1 });
    const local = profile({
      isApproved: true,
      role: 'admin',
      bio: 'Une bio modifiée hors ligne, assez longue pour passer.',
    });
    const { merged, lostFields } = mergeDocument(base, server, local);
    expect(merged).toMatchObject({ isApproved: false, isOnline: true, role: 'lawyer', bio: local.bio });
    expect(lostFields).toEqual([]);
  });

  it('ends on the server’s version when the push was refused (the server still holds the base)', () => {
    const base = profile();
    const local = profile({ bio: 'trop courte' });
    const { merged, lostFields } = mergeDocument(base, base, local);
    expect(merged).toEqual(base);
    expect(lostFields).toEqual(['_document']);
  });

  it('keeps a notification read on either side', () => {
    const note = (isRead: boolean, updatedAt = T0) =>
      ({
        id: 'notification:o:k',
        type: 'notification',
        kind: 'call_completed',
        params: {},
        isRead,
        createdAt: T0,
        updatedAt,
        _deleted: false,
      }) as WithDeleted<MineDoc>;
    expect(mergeDocument(note(false), note(false, T1), note(true, T2)).merged.isRead).toBe(true);
    expect(mergeDocument(note(false), note(true, T1), note(false, T0)).merged.isRead).toBe(true);
  });

  it('reports a losing edit through lostEdits$ from the RxDB handler', async () => {
    const seen: string[][] = [];
    const subscription = lostEdits$.subscribe((edit) => seen.push(edit.fields));
    const base = profile();
    const server = profile({ bio: 'Arrivée la première au serveur, depuis le téléphone.', updatedAt: T1 });
    const local = profile({ bio: 'Écrite hors ligne sur l’ordinateur, arrivée ensuite.', updatedAt: T2 });
    const resolved = await mineConflictHandler.resolve(
      { assumedMasterState: base, realMasterState: server, newDocumentState: local },
      'test',
    );
    subscription.unsubscribe();
    expect(resolved.bio).toBe(server.bio);
    expect(seen).toEqual([['bio']]);
  });
});
