/**
 * The two password-strength scales of spec section 4 as gauges for `PasswordField`: client and
 * expat forms use very weak … very strong, the lawyer form too short … excellent. The words are
 * `auth.password.client.<level>` and `auth.password.lawyer.<level>`.
 */
import type { TFunction } from 'i18next';
import { passwordStrengthClient, passwordStrengthLawyer } from '../domain/sign-in';
import type { ClientPasswordStrength, LawyerPasswordStrength } from '../domain/sign-in';
import type { StrengthGauge } from './password-field';

const CLIENT_LEVELS: readonly ClientPasswordStrength[] = [
  'empty',
  'very_weak',
  'weak',
  'okay',
  'good',
  'very_strong',
];
const LAWYER_LEVELS: readonly LawyerPasswordStrength[] = ['too_short', 'weak', 'medium', 'good', 'excellent'];

export function clientStrengthGauge(password: string, t: TFunction): StrengthGauge {
  const level = passwordStrengthClient(password);
  return {
    level: CLIENT_LEVELS.indexOf(level),
    steps: CLIENT_LEVELS.length - 1,
    label: t(`auth.password.client.${level}`),
  };
}

export function lawyerStrengthGauge(password: string, t: TFunction): StrengthGauge {
  const level = passwordStrengthLawyer(password);
  return {
    level: LAWYER_LEVELS.indexOf(level) + 1,
    steps: LAWYER_LEVELS.length,
    label: t(`auth.password.lawyer.${level}`),
  };
}
