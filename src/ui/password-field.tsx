/**
 * A password input with what the spec asks around it (section 4): a warning while Caps Lock is on,
 * a button to show what was typed, and, on forms that create a password, a strength gauge whose
 * scale the form chooses (client/expat or lawyer).
 */
import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, describedBy } from './form-field';
import styles from './password-field.module.css';

export type StrengthGauge = {
  /** 0 (nothing) to `steps`. */
  level: number;
  steps: number;
  /** The scale's word for this level, already translated. */
  label: string;
};

type Props = {
  id: string;
  label: string;
  value: string;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  strength?: StrengthGauge;
  onValue: (value: string) => void;
  onBlur?: () => void;
  className?: string;
};

export function PasswordField({
  id,
  label,
  value,
  error,
  autoComplete,
  strength,
  onValue,
  onBlur,
  className,
}: Props) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const readCapsLock = (event: KeyboardEvent<HTMLInputElement>) => {
    if (typeof event.getModifierState === 'function') setCapsLock(event.getModifierState('CapsLock'));
  };
  const hint =
    capsLock || strength ? (
      <>
        {capsLock && (
          <p className={styles.capsLock} role="status">
            {t('auth.password.capsLock')}
          </p>
        )}
        {strength && <Gauge strength={strength} />}
      </>
    ) : undefined;
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <div className={styles.control}>
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          onChange={(event) => onValue(event.target.value)}
          onKeyDown={readCapsLock}
          onKeyUp={readCapsLock}
          onBlur={() => {
            setCapsLock(false);
            onBlur?.();
          }}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? t('auth.password.hide') : t('auth.password.show')}
        </button>
      </div>
    </Field>
  );
}

function Gauge({ strength }: { strength: StrengthGauge }) {
  const { t } = useTranslation();
  const ratio = strength.steps === 0 ? 0 : strength.level / strength.steps;
  const tone = ratio >= 0.75 ? styles.strong : ratio >= 0.5 ? styles.fair : styles.weak;
  return (
    <div className={`${styles.gauge} ${tone}`}>
      <div className={styles.bars} aria-hidden="true">
        {Array.from({ length: strength.steps }, (_, index) => (
          <span key={index} className={index < strength.level ? styles.on : undefined} />
        ))}
      </div>
      <p aria-live="polite">{t('auth.password.strength', { level: strength.label })}</p>
    </div>
  );
}
