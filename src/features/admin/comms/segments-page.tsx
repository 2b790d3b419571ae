/**
 * `/admin/comms/segments`: the saved segments by name, a page at a time from the service, each with
 * its rules in one line and when and by whom it was last changed; a row opens the segment to edit
 * it (and see its live count), "New segment" creates one.
 */
import { useTranslation } from 'react-i18next';
import type { SegmentView } from '../../../domain/comms';
import { ButtonLink } from '../../../ui/button';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { segmentPath } from './comms-paths';
import { useRuleSummary } from './rule-summary';
import styles from './comms.module.css';

export function SegmentsPage() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const summary = useRuleSummary();

  const columns: AdminColumn<SegmentView>[] = [
    {
      key: 'name',
      label: t('admin.comms.segments.columns.name'),
      render: (segment) => <span className={styles.segmentName}>{segment.name}</span>,
    },
    {
      key: 'rules',
      label: t('admin.comms.segments.columns.rules'),
      render: (segment) => <span className={styles.rules}>{summary(segment.rules)}</span>,
    },
    {
      key: 'updatedAt',
      label: t('admin.comms.segments.columns.updated'),
      render: (segment) => (
        <span className={detail.name}>
          <span>{format.dateTime(segment.updatedAt)}</span>
          <span className={detail.secondary}>{segment.updatedByName ?? segment.updatedBy}</span>
        </span>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('admin.comms.segments.title')}
      subtitle={t('admin.comms.segments.subtitle')}
      actions={<ButtonLink to={segmentPath()}>{t('admin.comms.segments.create')}</ButtonLink>}
    >
      <AdminList<SegmentView>
        endpoint="comms/segments"
        label={t('admin.comms.segments.listLabel')}
        columns={columns}
        rowKey={(segment) => segment.id}
        rowLink={(segment) => segmentPath(segment.id)}
        emptyText={t('admin.comms.segments.empty')}
      />
    </AdminPage>
  );
}
