import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import fr from '../../src/i18n/locales/fr.json';

/** i18next with the French texts, for component tests. */
export async function frenchI18n() {
  const instance = i18next.createInstance();
  await instance
    .use(initReactI18next)
    .init({ lng: 'fr', resources: { fr: { translation: fr } }, fallbackLng: false });
  return instance;
}
