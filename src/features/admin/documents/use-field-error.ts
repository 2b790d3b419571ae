import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LEGAL_BODY_MAX, LEGAL_TITLE_MAX } from '../../../domain/legal-documents';
import type { LegalDocumentView } from '../../../domain/legal-documents';
import { useAdminFormat } from '../ui/use-admin-format';

/** The translated message of a field code of a new version (`version: not_greater`…). */
export function useFieldError(document: LegalDocumentView | undefined) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return useCallback(
    (field: string, code: string | undefined): string | undefined => {
      if (!code) return undefined;
      switch (code) {
        case 'required':
          return t('admin.documents.fieldErrors.required');
        case 'too_long':
          return t('admin.documents.fieldErrors.tooLong', {
            max: format.number(field.endsWith('.title') ? LEGAL_TITLE_MAX : LEGAL_BODY_MAX),
          });
        case 'not_greater':
          return t('admin.documents.fieldErrors.notGreater', { current: document?.version ?? '—' });
        case 'before_current':
          return t('admin.documents.fieldErrors.beforeCurrent', { date: format.date(document?.publishedAt) });
        case 'value_invalid':
          return field === 'version'
            ? t('admin.documents.fieldErrors.versionFormat')
            : field === 'publishedAt'
              ? t('admin.documents.fieldErrors.dateFormat')
              : t('admin.documents.fieldErrors.invalid');
        default:
          return t('admin.documents.fieldErrors.invalid');
      }
    },
    [t, format, document?.version, document?.publishedAt],
  );
}
