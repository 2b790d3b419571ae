import { useTranslation } from 'react-i18next';
import { TEST_CARDS, TEST_PHONE_NUMBERS } from '../../domain/demo-mode';
import type { TestLine } from '../../domain/demo-mode';
import { DEMO_PROVIDER_LINES } from '../../domain/order';
import type { DemoProviderLine } from '../../domain/order';
import { ChoiceField } from '../../ui/form-field';
import { formatCardNumber } from './card-input';
import styles from './checkout.module.css';

/** The label every demo-mode payment carries: nothing real is charged. */
export function DemoBanner() {
  const { t } = useTranslation();
  return (
    <div className={styles.demo} role="note">
      <strong>{t('checkout.demo.badge')}</strong>
      <p>{t('checkout.demo.explanation')}</p>
    </div>
  );
}

/** Stripe's test cards the simulated gateway honours, each with what it does and a button to use it. */
export function TestCards({
  numbers,
  onUse,
}: {
  numbers: readonly string[];
  onUse: (number: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.testCards} aria-labelledby="test-cards-title">
      <h3 id="test-cards-title">{t('checkout.demo.testCardsTitle')}</h3>
      <ul>
        {numbers.map((number) => {
          const formatted = formatCardNumber(number);
          const outcome = TEST_CARDS[number] ?? 'authorised';
          return (
            <li key={number}>
              <span className={styles.cardNumber} dir="ltr">
                {formatted}
              </span>
              <span className={styles.effect}>{t(`checkout.demo.cardEffects.${outcome}`)}</span>
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => onUse(number)}
                aria-label={t('checkout.demo.useCard', { number: formatted })}
              >
                {t('checkout.demo.use')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Demo telephony: how the expert's simulated line behaves, and the client test numbers. */
export function DemoLines({
  value,
  onChange,
  disabled,
}: {
  value: DemoProviderLine;
  onChange: (line: DemoProviderLine) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const numbers = Object.entries(TEST_PHONE_NUMBERS) as [string, TestLine][];
  return (
    <div className={styles.demoLines}>
      <ChoiceField
        id="demo-provider-line"
        label={t('checkout.demo.lineLabel')}
        hint={t('checkout.demo.lineHint')}
        value={value}
        disabled={disabled}
        options={DEMO_PROVIDER_LINES.map((line) => ({
          value: line,
          label: t(`checkout.demo.lines.${line}`),
        }))}
        onValue={(line) => onChange(line as DemoProviderLine)}
      />
      <div className={styles.testNumbers}>
        <p id="test-numbers-title">{t('checkout.demo.numbersTitle')}</p>
        <ul aria-labelledby="test-numbers-title">
          {numbers.map(([number, line]) => (
            <li key={number}>
              <span dir="ltr" className={styles.cardNumber}>
                {number}
              </span>{' '}
              — {t(`checkout.demo.testLines.${line}`)}
            </li>
          ))}
        </ul>
        <p>{t('checkout.demo.numbersHint')}</p>
      </div>
    </div>
  );
}
