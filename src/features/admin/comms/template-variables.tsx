/**
 * A kind's variables as buttons: a click writes `{{name}}` where the caret was in the subject or
 * the text (the last of the two focused), the required ones first and marked.
 */
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { MAIL_TEMPLATE_VARIABLES, requiredVariables } from '../../../domain/mail-templates';
import type { MailTemplateKind } from '../../../domain/mail-templates';
import detail from '../ui/detail.module.css';
import styles from './templates.module.css';

export const placeholder = (name: string) => `{{${name}}}`;

export function TemplateVariables({
  kind,
  onInsert,
}: {
  kind: MailTemplateKind;
  onInsert: (name: string) => void;
}) {
  const { t } = useTranslation();
  const { optional } = MAIL_TEMPLATE_VARIABLES[kind];
  const inSubject = requiredVariables(kind, 'subject');
  const entries = [
    ...requiredVariables(kind, 'text').map((name) => ({ name, required: 'text' as const })),
    ...inSubject.map((name) => ({ name, required: 'subject' as const })),
    ...optional.filter((name) => !inSubject.includes(name)).map((name) => ({ name, required: undefined })),
  ];
  return (
    <section className={detail.card} aria-labelledby="template-variables-title">
      <h2 id="template-variables-title">{t('commsTemplates.variables.title')}</h2>
      <p className={styles.description}>{t('commsTemplates.variables.hint')}</p>
      <ul className={styles.variables}>
        {entries.map(({ name, required: isRequired }) => (
          <li key={name}>
            <button
              type="button"
              className={styles.variable}
              data-required={isRequired ? 'true' : undefined}
              title={t(`commsTemplates.variables.names.${name}` as ParseKeys)}
              aria-label={t('commsTemplates.variables.insert', {
                name: t(`commsTemplates.variables.names.${name}` as ParseKeys),
              })}
              onClick={() => onInsert(name)}
            >
              {placeholder(name)}
              {isRequired && (
                <span className={detail.secondary}>
                  {' · '}
                  {isRequired === 'subject'
                    ? t('commsTemplates.variables.requiredInSubject')
                    : t('commsTemplates.variables.required')}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
