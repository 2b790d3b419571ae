/**
 * The console forms' field errors: a code per field, from the shared rules (checked before sending)
 * or from the service's `validation` answer, shown as `admin.<area>.errors.<code>`; and the first
 * field to fix, to move the focus there after a refused save. What was typed stays as it was.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { ApiError } from '../../../data/api';

export type FieldCodes = Readonly<Partial<Record<string, string>>>;

/** The codes per field of a refused save, or undefined for any other failure. */
export function fieldCodesOf(error: unknown): FieldCodes | undefined {
  return error instanceof ApiError && Object.keys(error.fields).length > 0 ? error.fields : undefined;
}

/** A field code's message in the screen's words (or the console's common ones). */
export function useFieldErrorText(
  area: string,
): (code: string | undefined, values?: Record<string, unknown>) => string | undefined {
  const { t, i18n } = useTranslation();
  return useCallback(
    (code, values) => {
      if (!code) return undefined;
      const key = [
        `admin.${area}.errors.${code}`,
        `${area}.errors.${code}`,
        `admin.common.errors.${code}`,
      ].find((k) => i18n.exists(k));
      return t((key ?? 'admin.common.errors.validation') as ParseKeys, values ?? {});
    },
    [area, t, i18n],
  );
}

/** Moves the focus to the first of `ids` (in screen order) that has an error. */
export function focusFirstError(ids: readonly string[], errors: FieldCodes, idOf: (field: string) => string) {
  const first = ids.find((field) => errors[field]);
  if (first) document.getElementById(idOf(first))?.focus();
}
