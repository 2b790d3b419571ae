/**
 * A notification's texts, one card per language: French required (every user without their own
 * language reads it), the four others optional. Each title and body shows how many characters are
 * left of the service's limits (ANNOUNCEMENT_TITLE_MAX, ANNOUNCEMENT_BODY_MAX).
 */
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX } from '../../../domain/comms';
import type { AnnouncementText } from '../../../domain/comms';
import { LANGUAGES } from '../../../domain/languages';
import type { Language } from '../../../domain/languages';
import { TextAreaField, TextField } from '../../../ui/form-field';
import { languageName } from '../../../ui/intl';
import styles from '../pricing/admin-form.module.css';
import { notificationFieldId } from './notification-form';
import comms from './comms.module.css';

type Props = {
  texts: Record<Language, AnnouncementText>;
  onText: (language: Language, text: AnnouncementText) => void;
  error: (field: string) => string | undefined;
  /** The id of a field's control (another form's, e.g. an automation's). */
  idOf?: (field: string) => string;
};

function Counter({ length, max }: { length: number; max: number }) {
  const { t } = useTranslation();
  return (
    <span className={comms.counter} data-over={length > max ? 'true' : undefined}>
      {t('admin.comms.compose.counter', { length, max })}
    </span>
  );
}

export function TextsFields({ texts, onText, error, idOf = notificationFieldId }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <p className={`${styles.hint} ${comms.fallback}`}>{t('admin.comms.compose.fallback')}</p>
      {LANGUAGES.map((language) => {
        const text = texts[language];
        const name = languageName(language, i18n.language);
        const field = (part: 'title' | 'body') => `texts.${language}.${part}`;
        return (
          <fieldset key={language} className={styles.card} lang={language}>
            <legend lang={i18n.language}>
              {language === 'fr'
                ? t('admin.comms.compose.textsRequired', { language: name })
                : t('admin.comms.compose.textsOptional', { language: name })}
            </legend>
            <TextField
              id={idOf(field('title'))}
              label={<span lang={i18n.language}>{t('admin.comms.compose.title', { language: name })}</span>}
              value={text.title}
              maxLength={ANNOUNCEMENT_TITLE_MAX}
              autoComplete="off"
              hint={<Counter length={text.title.length} max={ANNOUNCEMENT_TITLE_MAX} />}
              error={error(field('title'))}
              onValue={(title) => onText(language, { ...text, title })}
            />
            <TextAreaField
              id={idOf(field('body'))}
              label={<span lang={i18n.language}>{t('admin.comms.compose.body', { language: name })}</span>}
              value={text.body}
              rows={4}
              maxLength={ANNOUNCEMENT_BODY_MAX}
              hint={<Counter length={text.body.length} max={ANNOUNCEMENT_BODY_MAX} />}
              error={error(field('body'))}
              onValue={(body) => onText(language, { ...text, body })}
            />
          </fieldset>
        );
      })}
    </>
  );
}
