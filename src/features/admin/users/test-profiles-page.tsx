/**
 * aaaprofiles: the test profiles (demo lawyers and expats an admin made for trying the journey,
 * see src/domain/test-profile.ts): create one, list them newest first, open one, remove one with
 * everything of it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserListItem } from '../../../domain/admin-users';
import { Button } from '../../../ui/button';
import { countryName, languageName } from '../../../ui/intl';
import { adminSend } from '../admin-api';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { TestProfileForm } from './test-profile-form';
import { TestProfileBadge } from './user-flags';
import { isListedRole, userDetailPath } from './user-paths';
import styles from './users.module.css';

export function TestProfilesPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const format = useAdminFormat();
  const [changes, setChanges] = useState(0);
  const [notice, setNotice] = useState<string>();
  const [removing, setRemoving] = useState<UserListItem>();

  const columns: AdminColumn<UserListItem>[] = [
    {
      key: 'name',
      label: t('admin.users.columns.name'),
      render: (user) => (
        <span className={`${detail.name} ${styles.name}`}>
          <span>
            {user.displayName} <TestProfileBadge />
          </span>
          <span className={`${detail.secondary} ${styles.secondary}`}>{user.email}</span>
        </span>
      ),
    },
    {
      key: 'type',
      label: t('admin.users.test.columns.type'),
      render: (user) => t(`admin.users.roles.${user.role}`),
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
      key: 'online',
      label: t('admin.users.test.columns.online'),
      render: (user) => (user.isOnline ? t('admin.users.flags.online') : t('admin.users.flags.offline')),
    },
    {
      key: 'created',
      label: t('admin.users.columns.created'),
      render: (user) => format.dateTime(user.createdAt),
    },
    {
      key: 'actions',
      label: t('admin.common.actions'),
      render: (user) => (
        <Button variant="secondary" size="small" onClick={() => setRemoving(user)}>
          {t('admin.users.test.remove')}
        </Button>
      ),
    },
  ];

  return (
    <AdminPage title={t('admin.users.test.title')} subtitle={t('admin.users.test.subtitle')}>
      <TestProfileForm
        onCreated={(created) => {
          setNotice(t('admin.users.test.created', { name: created.displayName }));
          setChanges((n) => n + 1);
        }}
      />
      {notice && (
        <p className={detail.notice} data-tone="good" role="status">
          {notice}
        </p>
      )}
      <AdminList<UserListItem>
        endpoint="test-profiles"
        label={t('admin.users.test.listLabel')}
        columns={columns}
        rowKey={(user) => user.uid}
        rowLink={(user) => (isListedRole(user.role) ? userDetailPath(user.role, user.uid) : '')}
        reloadKey={changes}
        emptyText={t('admin.users.test.empty')}
      />
      <ConfirmDialog
        open={removing !== undefined}
        title={t('admin.users.test.removeTitle', { name: removing?.displayName ?? '' })}
        confirmLabel={t('admin.users.test.remove')}
        danger
        errorArea="users"
        onConfirm={() => adminSend('DELETE', `test-profiles/${encodeURIComponent(removing?.uid ?? '')}`)}
        onDone={() => {
          setNotice(t('admin.users.test.removed'));
          setChanges((n) => n + 1);
        }}
        onClose={() => setRemoving(undefined)}
      >
        <p>{t('admin.users.test.removeBody')}</p>
      </ConfirmDialog>
    </AdminPage>
  );
}
