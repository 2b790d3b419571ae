/**
 * contact-messages: the inbox of the messages sent from the contact form, newest first, paged by the
 * service (GET /api/admin/contact-messages), searched by name, subject or e-mail, filtered by status
 * and by the admin assigned; each row opens the message.
 */
import { useTranslation } from 'react-i18next';
import { CONTACT_STATUSES } from '../../../domain/admin-ops';
import type { ContactListItem } from '../../../domain/admin-ops';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import styles from '../ui/detail.module.css';
import { StatusBadge } from './status-badge';
import { useAssignees } from './use-assignees';

export function ContactMessagesPage() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const assignees = useAssignees();
  const columns: AdminColumn<ContactListItem>[] = [
    {
      key: 'message',
      label: t('admin.contact.columns.message'),
      render: (item) => (
        <span className={styles.name}>
          <span>{item.subject}</span>
          <span className={styles.secondary}>
            {item.name} · {item.email}
          </span>
        </span>
      ),
    },
    {
      key: 'createdAt',
      label: t('admin.contact.columns.received'),
      sortable: true,
      firstDir: 'desc',
      render: (item) => format.dateTime(item.createdAt),
    },
    {
      key: 'category',
      label: t('admin.contact.columns.category'),
      render: (item) => t(`admin.contact.category.${item.category}`),
    },
    {
      key: 'status',
      label: t('admin.contact.columns.status'),
      render: (item) => <StatusBadge status={item.status} />,
    },
    {
      key: 'assignee',
      label: t('admin.contact.columns.assignee'),
      render: (item) => assignees.nameOf(item.assignee) ?? t('admin.contact.unassigned'),
    },
  ];
  return (
    <AdminPage title={t('admin.contact.title')} subtitle={t('admin.contact.subtitle')}>
      <AdminList<ContactListItem>
        endpoint="contact-messages"
        label={t('admin.contact.listLabel')}
        columns={columns}
        rowKey={(item) => item.id}
        rowLink={(item) => `/admin/contact-messages/${item.id}`}
        filters={[
          {
            name: 'status',
            label: t('admin.contact.filters.status'),
            options: CONTACT_STATUSES.map((status) => ({
              value: status,
              label: t(`admin.contact.status.${status}`),
            })),
          },
          {
            name: 'assignee',
            label: t('admin.contact.filters.assignee'),
            options: [
              { value: 'none', label: t('admin.contact.unassigned') },
              ...assignees.list.map((assignee) => ({ value: assignee.uid, label: assignee.name })),
            ],
          },
        ]}
        searchLabel={t('admin.contact.search')}
        searchPlaceholder={t('admin.contact.searchPlaceholder')}
        defaultSort={{ key: 'createdAt', dir: 'desc' }}
        emptyText={t('admin.contact.empty')}
      />
    </AdminPage>
  );
}
