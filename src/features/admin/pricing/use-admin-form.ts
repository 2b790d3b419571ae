/**
 * The state of a console form saved as a whole (pricing, promo codes, settings, invoicing): what
 * was typed, each field's error, whether it is saving, and how the last save went. A save is
 * checked with the shared rules first (`check`, the ones the service applies too), then sent
 * (`save`); a refusal, local or the service's `validation`, keeps what was typed, gives each field
 * its reason and moves the focus to the first field to fix. Any other failure is said in words.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminErrorText } from '../ui/admin-error';
import { fieldCodesOf, focusFirstError, useFieldErrorText } from './field-errors';
import type { FieldCodes } from './field-errors';

export type SaveOutcome = { saved: true } | { failure: string };

type Options<F> = {
  /** Whose words the errors are in: `admin.<area>.errors.<code>`. */
  area: string;
  initial: () => F;
  /** Every field in screen order, and the id of its control. */
  fields: readonly string[];
  idOf: (field: string) => string;
  /** The code of each field refused before sending; undefined when the form can be sent. */
  check: (form: F) => FieldCodes | undefined;
  /** Sends the form; answers what the form shows afterwards, or nothing to keep it as typed. */
  save: (form: F) => Promise<F | void>;
};

export function useAdminForm<F>({ area, initial, fields, idOf, check, save }: Options<F>) {
  const { t } = useTranslation();
  const fieldError = useFieldErrorText(area);
  const errorText = useAdminErrorText(area);
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldCodes>({});
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<SaveOutcome>();

  const update = (next: (current: F) => F) => {
    setForm(next);
    setOutcome(undefined);
  };
  const refuse = (codes: FieldCodes) => {
    setErrors(codes);
    setOutcome({ failure: t('admin.common.errors.validation') });
    focusFirstError(fields, codes, idOf);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = check(form);
    if (refused) return refuse(refused);
    setSaving(true);
    setErrors({});
    try {
      const shown = await save(form);
      if (shown) setForm(shown);
      setOutcome({ saved: true });
    } catch (error) {
      const codes = fieldCodesOf(error);
      if (codes) refuse(codes);
      else setOutcome({ failure: errorText(error) });
    } finally {
      setSaving(false);
    }
  };

  return {
    form,
    update,
    change: (patch: Partial<F>) => update((current) => ({ ...current, ...patch })),
    /** A field's error in words (`values` fill the message's blanks). */
    error: (field: string, values?: Record<string, unknown>) => fieldError(errors[field], values),
    hasError: (field: string) => Boolean(errors[field]),
    saving,
    outcome,
    submit,
  };
}
