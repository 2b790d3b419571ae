/**
 * `/admin/comms/suppression`: the addresses no campaign mail goes to, by address, a page at a time,
 * searchable by the start of an address; each with why (unsubscribed through a mail's link, added by
 * an admin, a bounce, or a hard bounce or complaint the service recorded), when and by whom. An admin adds an address (with a reason and a note) and
 * removes one after confirming; the service audits both.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SuppressionView } from '../../../domain/comms-campaigns';
import { Button } from '../../../ui/button';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { adminSend } from '../admin-api';
import { SuppressionAddForm } from './suppression-add-form';

export function SuppressionPage() {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const [reload, setReload] = useState(0);
  const [removing, setRemoving] = useState<string>();

  const columns: AdminColumn<SuppressionView>[] = [
    { key: 'email', label: t('commsCampaigns.suppression.columns.email'), render: (s) => s.email },
    {
      key: 'reason',
      label: t('commsCampaigns.suppression.columns.reason'),
      render: (s) => (
        <span className={detail.name}>
          <span>{t(`commsCampaigns.suppression.reason.${s.reason}`)}</span>
          {s.note && <span className={detail.secondary}>{s.note}</span>}
        </span>
      ),
    },
    {
      key: 'at',
      label: t('commsCampaigns.suppression.columns.at'),
      render: (s) => (
        <span className={detail.name}>
          <span>{format.dateTime(s.at)}</span>
          <span className={detail.secondary}>
            {s.by === 'recipient' ? (
              t('commsCampaigns.suppression.byRecipient')
            ) : s.by === 'system' ? (
              t('commsCampaigns.suppression.bySystem')
            ) : (
              <code>{s.by}</code>
            )}
          </span>
        </span>
      ),
    },
    {
      key: 'actions',
      label: t('commsCampaigns.suppression.columns.actions'),
      render: (s) => (
        <Button
          variant="secondary"
          size="small"
          onClick={() => setRemoving(s.email)}
          aria-label={t('commsCampaigns.suppression.removeOne', { email: s.email })}
        >
          {t('commsCampaigns.suppression.remove')}
        </Button>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('commsCampaigns.suppression.title')}
      subtitle={t('commsCampaigns.suppression.subtitle')}
    >
      <SuppressionAddForm onAdded={() => setReload((n) => n + 1)} />
      <AdminList<SuppressionView>
        endpoint="comms/suppression"
        label={t('commsCampaigns.suppression.listLabel')}
        columns={columns}
        rowKey={(s) => s.email}
        searchLabel={t('commsCampaigns.suppression.search')}
        searchPlaceholder={t('commsCampaigns.suppression.searchPlaceholder')}
        reloadKey={reload}
        emptyText={t('commsCampaigns.suppression.empty')}
      />
      <ConfirmDialog
        open={removing !== undefined}
        danger
        title={t('commsCampaigns.suppression.removeTitle', { email: removing ?? '' })}
        confirmLabel={t('commsCampaigns.suppression.remove')}
        errorArea="commsCampaigns"
        onConfirm={() => adminSend('DELETE', `comms/suppression/${encodeURIComponent(removing ?? '')}`)}
        onDone={() => setReload((n) => n + 1)}
        onClose={() => setRemoving(undefined)}
      >
        <p>{t('commsCampaigns.suppression.removeBody')}</p>
      </ConfirmDialog>
    </AdminPage>
  );
}
