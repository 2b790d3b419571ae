/**
 * The words of the template screens' errors: `commsTemplates.errors.<code>` when the screen has
 * its own wording for the code (a field's problem, a stale revision), else the console's.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { errorCode } from '../../../data/api';
import { useAdminErrorText } from '../ui/admin-error';

export function useTemplateErrorText(): {
  field: (code: string | undefined, names?: readonly string[]) => string | undefined;
  failure: (error: unknown) => string;
} {
  const { t, i18n } = useTranslation();
  const adminText = useAdminErrorText();
  const field = useCallback(
    (code: string | undefined, names: readonly string[] = []) => {
      if (!code) return undefined;
      const key = `commsTemplates.errors.${code}`;
      if (!i18n.exists(key)) return t('admin.common.errors.validation');
      return t(key as ParseKeys, { names: names.join(', ') });
    },
    [t, i18n],
  );
  const failure = useCallback(
    (error: unknown) => {
      const key = `commsTemplates.errors.${errorCode(error)}`;
      return i18n.exists(key) ? t(key as ParseKeys, { names: '' }) : adminText(error);
    },
    [t, i18n, adminText],
  );
  return { field, failure };
}
