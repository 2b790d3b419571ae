/**
 * The draft of a registration form, kept for the tab (sessionStorage) so that a reload, a look at the
 * terms or a failed send loses nothing. The password and the uploaded files are never part of it.
 */
import { emptyForm, newEducationRow } from './provider-form-model';
import type { EducationRow, FormField, ProviderForm, ProviderRole } from './provider-form-model';

const NOT_IN_DRAFT: readonly FormField[] = ['password', 'profilePhoto', 'idDocument'];
const draftKey = (role: ProviderRole) => `sos-expat:register-${role}-draft`;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function educationRows(value: unknown): EducationRow[] {
  const rows = Array.isArray(value)
    ? value
        .filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
        .map((row) => ({
          ...newEducationRow(),
          title: str(row.title),
          institution: str(row.institution),
          year: str(row.year),
        }))
    : [];
  return rows.length > 0 ? rows : [newEducationRow()];
}

/** The draft of this tab, or an empty form. */
export function loadDraft(role: ProviderRole): ProviderForm {
  const form = emptyForm();
  try {
    const saved = JSON.parse(sessionStorage.getItem(draftKey(role)) ?? '{}') as Record<string, unknown>;
    for (const key of Object.keys(form) as FormField[]) {
      if (NOT_IN_DRAFT.includes(key) || !(key in saved)) continue;
      const value = saved[key];
      if (key === 'education') form.education = educationRows(value);
      else if (key === 'acceptedTerms') form.acceptedTerms = value === true;
      else if (Array.isArray(form[key])) Object.assign(form, { [key]: strings(value) });
      else Object.assign(form, { [key]: str(value) });
    }
  } catch {
    // A broken or unreadable draft: start afresh.
  }
  return form;
}

export function saveDraft(role: ProviderRole, form: ProviderForm) {
  const draft: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    if (NOT_IN_DRAFT.includes(key as FormField)) continue;
    draft[key] =
      key === 'education'
        ? (value as EducationRow[]).map(({ title, institution, year }) => ({ title, institution, year }))
        : value;
  }
  try {
    sessionStorage.setItem(draftKey(role), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, only without the draft.
  }
}

export function clearDraft(role: ProviderRole) {
  try {
    sessionStorage.removeItem(draftKey(role));
  } catch {
    // see saveDraft
  }
}
