/**
 * The user's preferences: one `settings` document in their own database (notifications, privacy,
 * languages), shared by the Settings and Notifications tabs. Until the user first saves them, the
 * defaults apply; a save is local first and pushed when a connection allows.
 */
import { useEffect, useState } from 'react';
import { defaultSettings } from '../domain/mine';
import type { Language } from '../domain/languages';
import type { AppDatabase } from './database';
import { useDataLayer } from './data-context';
import { saveMine } from './mine';

export const SETTINGS_ID = 'settings';

export type Settings = {
  id: 'settings';
  type: 'settings';
  notifications: { email: boolean; push: boolean; sms: boolean };
  privacy: {
    profileVisibility: 'public' | 'private';
    allowContact: boolean;
    showOnMap: boolean;
    /** Newsletters' opens and clicks may be measured (absent: no). */
    mailTracking?: boolean;
  };
  language: { primary: Language; secondary?: Language; preferredCommunication: Language };
  updatedAt: string;
};

/** The defaults for a user who never saved their preferences. */
export function settingsDefaults(language: Language): Settings {
  const defaults = defaultSettings(language, new Date(0).toISOString());
  return {
    ...defaults,
    notifications: { ...defaults.notifications },
    privacy: { ...defaults.privacy },
    language: { ...defaults.language },
  };
}

/** The saved settings, or the defaults; undefined while they are read. */
export function useSettings(language: Language): Settings | undefined {
  const { db } = useDataLayer();
  const [state, setState] = useState<{ doc: Settings | null }>();
  useEffect(() => {
    const subscription = db.mine.findOne(SETTINGS_ID).$.subscribe((doc) => {
      const data = doc ? (doc.toJSON() as unknown as Settings) : null;
      setState({ doc: data?.type === 'settings' ? data : null });
    });
    return () => subscription.unsubscribe();
  }, [db]);
  if (!state) return undefined;
  return state.doc ?? settingsDefaults(language);
}

/** Saves the settings (the whole document, as the schema wants it), offline too. */
export async function saveSettings(db: AppDatabase, settings: Settings): Promise<void> {
  const { secondary, ...language } = settings.language;
  await saveMine(db, {
    ...settings,
    language: secondary ? { ...language, secondary } : language,
    id: SETTINGS_ID,
    type: 'settings',
    updatedAt: new Date().toISOString(),
  });
}
