import { useTranslation } from 'react-i18next';
import { useConfig } from '../../data/config';
import { CALLBACK_TARGET_MINUTES, EXPAT_CALL_MINUTES, LAWYER_CALL_MINUTES } from '../../domain/constants';
import { Icon } from './icons';
import styles from './how-it-works-steps.module.css';

const STEPS = [
  { id: 'choose', icon: 'search' },
  { id: 'pay', icon: 'card' },
  { id: 'call', icon: 'phone' },
] as const;
const DETAILS = ['a', 'b', 'c'] as const;

type Props = {
  /** The /how-it-works page lists what each step involves; the home shows the summary alone. */
  detailed?: boolean;
  headingLevel: 2 | 3;
};

/** The three steps of a call, shared by the home and the /how-it-works page. */
export function HowItWorksSteps({ detailed = false, headingLevel }: Props) {
  const { t } = useTranslation();
  const pricing = useConfig('pricing');
  const values = {
    lawyerMinutes: pricing?.lawyerCall.durationMinutes ?? LAWYER_CALL_MINUTES,
    expatMinutes: pricing?.expatCall.durationMinutes ?? EXPAT_CALL_MINUTES,
    minutes: CALLBACK_TARGET_MINUTES,
  };
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className={`${styles.steps} ${detailed ? styles.detailed : styles.compact}`}>
      {STEPS.map((step, index) => (
        <li key={step.id} className={styles.step} data-step={step.id}>
          <span className={styles.marker} aria-hidden="true">
            <Icon name={step.icon} />
            <span className={styles.number}>{index + 1}</span>
          </span>
          <div className={styles.body}>
            <Heading className={styles.title}>
              <span className="visually-hidden">{t('howItWorks.stepNumber', { number: index + 1 })} </span>
              {t(`howItWorks.steps.${step.id}.title`)}
            </Heading>
            <p className={styles.summary}>{t(`howItWorks.steps.${step.id}.summary`, values)}</p>
            {detailed && (
              <ul className={styles.details}>
                {DETAILS.map((detail) => (
                  <li key={detail}>
                    <Icon name="check" className={styles.check} />
                    <span>{t(`howItWorks.steps.${step.id}.details.${detail}`, values)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
