import { useTranslation } from 'react-i18next';
import { toE164 } from '../../domain/phone';
import { languageName } from '../../ui/intl';
import type { ChecklistItem, ClientForm } from './client-form-model';
import styles from './registration-aside.module.css';

/** The profile as it will read, updated as the user types. */
export function ClientPreview({ form }: { form: ClientForm }) {
  const { t, i18n } = useTranslation();
  const name = form.firstName.trim();
  const phone = form.phone.trim() ? toE164(form.phone, form.phoneCountry) : undefined;
  const whatsapp = form.whatsapp.trim() ? toE164(form.whatsapp, form.whatsappCountry) : undefined;
  const languages = [
    ...form.languages.map((code) => languageName(code, i18n.language)),
    ...(form.languageOther.trim() ? [form.languageOther.trim()] : []),
  ];
  return (
    <section className={styles.box} aria-labelledby="preview-title">
      <h2 id="preview-title">{t('auth.preview.title')}</h2>
      <div className={styles.identity}>
        <span className={styles.avatar} aria-hidden="true">
          {(name.charAt(0) || '?').toLocaleUpperCase(i18n.language)}
        </span>
        <div>
          <p className={styles.name}>{name || t('auth.preview.noName')}</p>
          <p className={styles.badge}>{t('auth.roles.client')}</p>
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('auth.fields.email')}</dt>
          <dd>{form.email.trim() || '—'}</dd>
        </div>
        <div>
          <dt>{t('auth.fields.languages')}</dt>
          <dd>{languages.length ? languages.join(', ') : '—'}</dd>
        </div>
        <div>
          <dt>{t('auth.fields.phone')}</dt>
          <dd>{phone ?? '—'}</dd>
        </div>
        {whatsapp && (
          <div>
            <dt>{t('auth.fields.whatsapp')}</dt>
            <dd>{whatsapp}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** What the form still needs, item by item, with the count done. */
export function ProgressChecklist({ items }: { items: { item: ChecklistItem; done: boolean }[] }) {
  const { t } = useTranslation();
  const done = items.filter((entry) => entry.done).length;
  return (
    <section className={styles.box} aria-labelledby="checklist-title">
      <h2 id="checklist-title">{t('auth.checklist.title')}</h2>
      <p className={styles.count} aria-live="polite">
        {t('auth.checklist.progress', { done, total: items.length })}
      </p>
      <div
        className={styles.bar}
        role="progressbar"
        aria-labelledby="checklist-title"
        aria-valuemin={0}
        aria-valuemax={items.length}
        aria-valuenow={done}
      >
        <span style={{ width: `${(done / items.length) * 100}%` }} />
      </div>
      <ul className={styles.items}>
        {items.map(({ item, done: ok }) => (
          <li key={item} className={ok ? styles.done : undefined}>
            <span className={styles.mark} aria-hidden="true">
              {ok ? '✓' : ''}
            </span>
            {t(`auth.checklist.items.${item}`)}
            <span className="visually-hidden">
              {' — '}
              {ok ? t('auth.checklist.done') : t('auth.checklist.todo')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
