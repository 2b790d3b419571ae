import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { errorCode } from '../../../data/api';

/**
 * The translated message of anything an admin request threw: `admin.<area>.errors.<code>` (or
 * `<area>.errors.<code>`) when the screen has its own wording for that code, else `admin.common.errors.<code>`, else a generic one.
 * (A 409 the screen does not explain reads as `conflict`.)
 */
export function useAdminErrorText(area?: string): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const code = errorCode(error);
      const candidates = [
        area ? `admin.${area}.errors.${code}` : '',
        // A screen whose words are a top-level section of their own (`commsCampaigns`).
        area ? `${area}.errors.${code}` : '',
        `admin.common.errors.${code}`,
        code === 'http_409' ? 'admin.common.errors.conflict' : '',
        code === 'http_404' ? 'admin.common.errors.not_found' : '',
      ].filter(Boolean);
      const key = candidates.find((candidate) => i18n.exists(candidate)) ?? 'admin.common.errors.unknown';
      return t(key as ParseKeys);
    },
    [area, t, i18n],
  );
}
