import { describe, expect, it } from 'vitest';
import { isDemoStandIn } from '../../src/domain/demo-stand-in';
import { tabFromQuery, tabsFor } from '../../src/features/dashboard/dashboard-model';
import { standInUid } from '../../server/services/demo-stand-ins';

describe("a demo expert's stand-in", () => {
  it('is one per client and demo expert, and never looks like a registered account', () => {
    const uid = standInUid('3f2a9c0d1e2b4a5f6c7d8e9f0a1b2c3d', 'demo-lawyer-001');
    expect(uid).toBe(standInUid('3f2a9c0d1e2b4a5f6c7d8e9f0a1b2c3d', 'demo-lawyer-001'));
    expect(uid).not.toBe(standInUid('3f2a9c0d1e2b4a5f6c7d8e9f0a1b2c3d', 'demo-lawyer-002'));
    expect(uid).not.toBe(standInUid('0f2a9c0d1e2b4a5f6c7d8e9f0a1b2c3d', 'demo-lawyer-001'));
    expect(isDemoStandIn(uid)).toBe(true);
    expect(isDemoStandIn('3f2a9c0d1e2b4a5f6c7d8e9f0a1b2c3d')).toBe(false);
    expect(isDemoStandIn(undefined)).toBe(false);
  });

  it("shows the expert's calls, notifications and messages, not the expert's profile or account", () => {
    expect(tabsFor('lawyer', true)).toEqual(['calls', 'notifications', 'messages']);
    expect(tabFromQuery('profile', 'lawyer', true)).toBe('calls');
    expect(tabFromQuery('messages', 'expat', true)).toBe('messages');
    expect(tabsFor('lawyer')).toContain('profile');
  });
});
