/**
 * One role's list of users (users/clients, users/providers/lawyers, users/providers/expats):
 * searched by name, e-mail or phone, filtered, sorted by registration date or name, paged by the
 * service (`GET /api/admin/users/<clients|lawyers|expats>`); a row opens the user's detail.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { USER_LIST_PATHS, USER_STATUSES } from '../../../domain/admin-users';
import type { ListedRole, UserListItem } from '../../../domain/admin-users';
import { COUNTRY_CODES } from '../../../domain/countries';
import { SPOKEN_LANGUAGES } from '../../../domain/spoken-languages';
import { countryName, languageName } from '../../../ui/intl';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn, AdminFilter } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { UserFlags } from './user-flags';
import { userDetailPath } from './user-paths';
import styles from './users.module.css';

/** Choices sorted by their name in the interface language. */
function byName(codes: readonly string[], name: (code: string) => string) {
  return codes.map((value) => ({ value, label: name(value) })).sort((a, b) => a.label.localeCompare(b.label));
}

function useUserFilters(role: ListedRole): AdminFilter[] {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const yesNo = (yes: string, no: string) => [
      { value: 'true', label: yes },
      { value: 'false', label: no },
    ];
    const provider = role !== 'client';
    return [
      {
        name: 'status',
        label: t('admin.users.filters.status'),
        options: USER_STATUSES.map((value) => ({ value, label: t(`admin.users.filterValues.${value}`) })),
      },
      {
        name: 'country',
        label: t('admin.users.filters.country'),
        options: byName(COUNTRY_CODES, (code) => countryName(code, locale)),
      },
      {
        name: 'language',
        label: t('admin.users.filters.language'),
        options: byName(SPOKEN_LANGUAGES, (code) => languageName(code, locale)),
      },
      ...(provider
        ? [
            {
              name: 'approved',
              label: t('admin.users.filters.approved'),
              options: yesNo(
                t('admin.users.filterValues.approvedTrue'),
                t('admin.users.filterValues.approvedFalse'),
              ),
            },
            {
              name: 'online',
              label: t('admin.users.filters.online'),
              options: yesNo(
                t('admin.users.filterValues.onlineTrue'),
                t('admin.users.filterValues.onlineFalse'),
              ),
            },
          ]
        : []),
      {
        name: 'banned',
        label: t('admin.users.filters.banned'),
        options: yesNo(t('admin.users.filterValues.bannedTrue'), t('admin.users.filterValues.bannedFalse')),
      },
      {
        name: 'emailVerified',
        label: t('admin.users.filters.emailVerified'),
        options: yesNo(
          t('admin.users.filterValues.verifiedTrue'),
          t('admin.users.filterValues.verifiedFalse'),
        ),
      },
      ...(provider
        ? [
            {
              name: 'testProfile',
              label: t('admin.users.filters.testProfile'),
              options: yesNo(t('admin.users.filterValues.testTrue'), t('admin.users.filterValues.testFalse')),
            },
          ]
        : []),
    ];
  }, [role, t, locale]);
}

export function UsersList({ role }: { role: ListedRole }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const format = useAdminFormat();
  const filters = useUserFilters(role);
  const [params] = useSearchParams();
  const searching = (params.get('q') ?? '') !== '';
  // What the detail page did before coming back here (a deletion).
  const notice = (useLocation().state as { adminNotice?: unknown } | null)?.adminNotice;

  const columns: AdminColumn<UserListItem>[] = [
    {
      key: 'name',
      label: t('admin.users.columns.name'),
      sortable: true,
      render: (user) => (
        <span className={`${detail.name} ${styles.name}`}>
          <span>{user.displayName}</span>
          <span className={`${detail.secondary} ${styles.secondary}`}>{user.email}</span>
        </span>
      ),
    },
    {
      key: 'status',
      label: t('admin.users.columns.status'),
      render: (user) => <UserFlags user={user} />,
    },
    {
      key: 'phone',
      label: t('admin.users.columns.phone'),
      render: (user) => <span dir="ltr">{user.phone ?? '—'}</span>,
    },
    {
      key: 'country',
      label: t('admin.users.columns.country'),
      render: (user) => (user.country ? countryName(user.country, locale) : '—'),
    },
    {
      key: 'languages',
      label: t('admin.users.columns.languages'),
      render: (user) => user.languages?.map((code) => languageName(code, locale)).join(', ') || '—',
    },
    {
      key: 'created',
      label: t('admin.users.columns.created'),
      sortable: true,
      firstDir: 'desc',
      render: (user) => format.dateTime(user.createdAt),
    },
  ];

  return (
    <AdminPage title={t(`admin.users.titles.${role}`)} subtitle={t(`admin.users.subtitles.${role}`)}>
      {typeof notice === 'string' && (
        <p className={detail.notice} data-tone="good" role="status">
          {notice}
        </p>
      )}
      <AdminList<UserListItem>
        endpoint={`users/${USER_LIST_PATHS[role]}`}
        label={t(`admin.users.listLabel.${role}`)}
        columns={columns}
        rowKey={(user) => user.uid}
        rowLink={(user) => userDetailPath(role, user.uid)}
        filters={filters}
        searchLabel={t('admin.users.search')}
        searchPlaceholder={t('admin.users.searchPlaceholder')}
        defaultSort={{ key: 'created', dir: 'desc' }}
        emptyText={t(`admin.users.empty.${role}`)}
        toolbar={searching ? <p className={styles.note}>{t('admin.users.searchOrder')}</p> : undefined}
      />
    </AdminPage>
  );
}
