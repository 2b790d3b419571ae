/**
 * The segment editor's live count: how many users the rules on screen select now, and the first
 * few of them as the users lists show them. Said politely to screen readers as it changes.
 */
import { useTranslation } from 'react-i18next';
import type { SegmentCount as CountAnswer } from '../../../domain/comms';
import { useAdminErrorText } from '../ui/admin-error';
import { useAdminFormat } from '../ui/use-admin-format';
import { isListedRole } from '../users/user-paths';
import detail from '../ui/detail.module.css';
import type { LiveCount } from './use-live-count';
import styles from './comms.module.css';

type Props = {
  live: LiveCount;
  /** The rules cannot be counted until a field is fixed (a date range that selects nobody…). */
  invalid: boolean;
};

export function SegmentCount({ live, invalid }: Props) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const errorText = useAdminErrorText('comms');
  const { answer } = live;
  return (
    <section
      className={`${detail.card} ${styles.countCard}`}
      aria-labelledby="segment-count-title"
      aria-busy={live.updating}
      data-segment-count={invalid ? 'invalid' : live.updating ? 'updating' : 'ready'}
    >
      <h2 id="segment-count-title">{t('admin.comms.count.title')}</h2>
      <div aria-live="polite" className={styles.countBody}>
        {invalid ? (
          <p className={styles.muted}>{t('admin.comms.count.invalid')}</p>
        ) : live.error !== undefined && !live.updating ? (
          <p className={detail.notice} data-tone="bad">
            {errorText(live.error)}
          </p>
        ) : answer ? (
          <p className={styles.count} data-testid="segment-count">
            {t('admin.comms.count.users', { count: answer.count, formatted: format.number(answer.count) })}
          </p>
        ) : (
          <p className={styles.muted}>{t('admin.common.loading')}</p>
        )}
        {live.updating && answer && !invalid && (
          <p className={styles.muted}>{t('admin.comms.count.updating')}</p>
        )}
      </div>
      {answer && !invalid && <Sample answer={answer} />}
      <p className={styles.muted}>{t('admin.comms.count.hint')}</p>
    </section>
  );
}

function Sample({ answer }: { answer: CountAnswer }) {
  const { t } = useTranslation();
  if (answer.sample.length === 0) return null;
  return (
    <div className={styles.sample}>
      <h3>{t('admin.comms.count.sample')}</h3>
      <ul>
        {answer.sample.map((user) => (
          <li key={user.uid} className={detail.name}>
            <span>{user.displayName}</span>
            <span className={detail.secondary}>
              {isListedRole(user.role) ? t(`admin.comms.role.${user.role}`) : user.role} · {user.email}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
