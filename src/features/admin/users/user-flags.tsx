/**
 * The state of an account at a glance, as badges: test profile (always first: test data is said
 * so wherever an admin sees it), banned, inactive, approval (lawyers and expats), presence, e-mail.
 */
import { useTranslation } from 'react-i18next';
import type { UserListItem } from '../../../domain/admin-users';
import detail from '../ui/detail.module.css';
import styles from './users.module.css';

/** The console's badge, a size smaller: an account often shows several side by side. */
const badge = `${detail.badge} ${styles.flag}`;

type Props = {
  user: Pick<
    UserListItem,
    'role' | 'isTestProfile' | 'isBanned' | 'isActive' | 'isApproved' | 'isOnline' | 'isVerifiedEmail'
  >;
  /** Lists show what needs attention; the detail page shows everything. */
  full?: boolean;
};

export function TestProfileBadge() {
  const { t } = useTranslation();
  return (
    <span className={badge} data-tone="warn" title={t('admin.users.flags.testTitle')} data-test-profile>
      {t('admin.common.testData')}
    </span>
  );
}

export function UserFlags({ user, full = false }: Props) {
  const { t } = useTranslation();
  const provider = user.role === 'lawyer' || user.role === 'expat';
  return (
    <span className={styles.flags}>
      {user.isTestProfile && <TestProfileBadge />}
      {user.isBanned && (
        <span className={badge} data-tone="bad" data-user-flag="banned">
          {t('admin.users.flags.banned')}
        </span>
      )}
      {!user.isActive && (
        <span className={badge} data-tone="bad">
          {t('admin.users.flags.inactive')}
        </span>
      )}
      {provider &&
        (user.isApproved ? (
          full && (
            <span className={badge} data-tone="good">
              {t('admin.users.flags.approved')}
            </span>
          )
        ) : (
          <span className={badge} data-tone="warn">
            {t('admin.users.flags.notApproved')}
          </span>
        ))}
      {provider && user.isOnline && (
        <span className={badge} data-tone="good">
          {t('admin.users.flags.online')}
        </span>
      )}
      {(full || !user.isVerifiedEmail) && (
        <span className={badge} data-tone={user.isVerifiedEmail ? 'good' : undefined}>
          {user.isVerifiedEmail ? t('admin.users.flags.verified') : t('admin.users.flags.notVerified')}
        </span>
      )}
    </span>
  );
}
