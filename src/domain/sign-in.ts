/**
 * Sign-in's rules and the password strength scales (spec section 4), one implementation for the
 * browser forms and for `/api/auth`. Problems are codes, by field; the browser shows them as
 * `auth.errors.<code>`.
 */
import { PASSWORD_MIN_LENGTH } from './constants';
import { isValidEmail, normalizeEmail } from './email';

export type LoginInput = { email?: unknown; password?: unknown };
export type LoginProblems = {
  /** Both fields empty: 'Email et mot de passe sont obligatoires'. */
  form?: 'email_password_required';
  fields: {
    email?: 'email_required' | 'email_invalid';
    password?: 'password_required' | 'password_too_short';
  };
};

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

export function loginProblems(input: LoginInput): LoginProblems {
  const email = normalizeEmail(str(input.email));
  const password = str(input.password);
  if (!email && !password) return { form: 'email_password_required', fields: {} };
  const fields: LoginProblems['fields'] = {};
  if (!email) fields.email = 'email_required';
  else if (!isValidEmail(email)) fields.email = 'email_invalid';
  if (!password) fields.password = 'password_required';
  else if (password.length < PASSWORD_MIN_LENGTH) fields.password = 'password_too_short';
  return { fields };
}

/** Whether `loginProblems` found nothing. */
export function loginIsValid(problems: LoginProblems): boolean {
  return !problems.form && Object.keys(problems.fields).length === 0;
}

// ---------------------------------------------------------------------------------------------
// Password strength (spec section 4): two scales, one for client and expat forms, one for lawyers.

export type ClientPasswordStrength = 'empty' | 'very_weak' | 'weak' | 'okay' | 'good' | 'very_strong';
export type LawyerPasswordStrength = 'too_short' | 'weak' | 'medium' | 'good' | 'excellent';

/** 0 to 5: one point each for 8+ characters, 12+ characters, mixed case, a digit, a symbol. */
function passwordScore(pw: string): number {
  let score = 0;
  if (pw.length >= 8) score++;
  if (pw.length >= 12) score++;
  if (/\p{Ll}/u.test(pw) && /\p{Lu}/u.test(pw)) score++;
  if (/\d/.test(pw)) score++;
  if (/[^\p{L}\d]/u.test(pw)) score++;
  return score;
}

export function passwordStrengthClient(pw: string): ClientPasswordStrength {
  if (pw.length === 0) return 'empty';
  if (pw.length < PASSWORD_MIN_LENGTH) return 'very_weak';
  const score = passwordScore(pw);
  if (score <= 1) return 'weak';
  if (score === 2) return 'okay';
  if (score === 3) return 'good';
  return 'very_strong';
}

export function passwordStrengthLawyer(pw: string): LawyerPasswordStrength {
  if (pw.length < PASSWORD_MIN_LENGTH) return 'too_short';
  const score = passwordScore(pw);
  if (score <= 1) return 'weak';
  if (score === 2) return 'medium';
  if (score === 3) return 'good';
  return 'excellent';
}
