import { useTranslation } from 'react-i18next';
import { signOut } from '../../../data/auth';
import { LANGUAGE_ENDONYMS, LANGUAGES, resolveLanguage } from '../../../domain/languages';
import { changeLanguage } from '../../../i18n/i18n';
import styles from './admin-layout.module.css';

/** The header's right side: the interface language, who is signed in, sign-out. */
export function AdminHeaderTools({ name }: { name: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div className={styles.tools}>
      <select
        className={styles.language}
        aria-label={t('header.language')}
        value={resolveLanguage(i18n.language)}
        onChange={(event) => void changeLanguage(resolveLanguage(event.target.value))}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_ENDONYMS[language]}
          </option>
        ))}
      </select>
      {name && (
        <span className={styles.who} data-admin-user>
          {t('admin.shell.signedInAs', { name })}
        </span>
      )}
      <button type="button" className={styles.signOut} onClick={() => void signOut()}>
        {t('admin.shell.signOut')}
      </button>
    </div>
  );
}
