/**
 * `/admin/comms/segments/new` and `/admin/comms/segments/:id`: a segment's form with its live count;
 * for a saved one, its deletion (after a confirmation) and its change history. A change and a
 * deletion name the revision read (`rev`): when another admin changed the segment meanwhile, the
 * service refuses and this page offers to reload it (what was typed stays until the admin does).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { SegmentInput, SegmentView } from '../../../domain/comms';
import { Button } from '../../../ui/button';
import { adminSend } from '../admin-api';
import { AdminPage } from '../ui/admin-page';
import { PendingPage } from '../ui/pending-page';
import { AuditTrail } from '../ui/audit-trail';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAdminQuery } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';
import { segmentPath, segmentsPath } from './comms-paths';
import { SegmentFields } from './segment-fields';
import styles from './comms.module.css';

type Answer = { segment: SegmentView };

export function SegmentEditorPage() {
  const { id } = useParams();
  return id ? <ExistingSegment id={id} /> : <NewSegment />;
}

function useBack() {
  const { t } = useTranslation();
  return { to: segmentsPath(), label: t('admin.comms.segments.backToList') };
}

function NewSegment() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AdminPage title={t('admin.comms.segments.createTitle')} back={useBack()}>
      <SegmentFields
        onSave={(input) => adminSend<Answer>('POST', 'comms/segments', input).then((a) => a.segment)}
        onSaved={(segment) => void navigate(segmentPath(segment.id), { replace: true })}
      />
    </AdminPage>
  );
}

function ExistingSegment({ id }: { id: string }) {
  const { t } = useTranslation();
  const back = useBack();
  const navigate = useNavigate();
  const [reads, setReads] = useState(0);
  const [stale, setStale] = useState(false);
  const [asking, setAsking] = useState(false);
  // The segment as last read or saved: its `rev` goes with the next change.
  const [saved, setSaved] = useState<SegmentView>();
  const path = `comms/segments/${encodeURIComponent(id)}`;
  const result = useAdminQuery<Answer>(path, {}, reads);

  if (result.status !== 'ready') {
    return (
      <PendingPage
        title={t('admin.comms.segments.editTitle')}
        back={back}
        result={result}
        errorArea="comms"
      />
    );
  }
  const segment = saved && saved.id === result.data.segment.id ? saved : result.data.segment;
  const reload = () => {
    setSaved(undefined);
    setStale(false);
    setReads((n) => n + 1);
  };
  return (
    <AdminPage
      title={segment.name}
      subtitle={t('admin.comms.segments.editSubtitle')}
      back={back}
      actions={
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {t('admin.comms.segments.delete')}
        </Button>
      }
    >
      {stale && (
        <div className={`${detail.notice} ${styles.stale}`} data-tone="warn" role="alert">
          <p>{t('admin.comms.errors.segment_changed')}</p>
          <Button variant="secondary" size="small" onClick={reload}>
            {t('admin.comms.segments.reload')}
          </Button>
        </div>
      )}
      <SegmentFields
        // A reload starts the form again from what the service has now.
        key={`${result.data.segment.id}:${reads}`}
        segment={segment}
        onSave={(input: SegmentInput) =>
          adminSend<Answer>('PUT', path, { ...input, rev: segment.rev }).then((answer) => answer.segment)
        }
        onSaved={(next) => {
          setSaved(next);
          setStale(false);
        }}
        onStale={() => setStale(true)}
      />
      <AuditTrail kind="segment" id={segment.id} reloadKey={segment.rev} />
      <ConfirmDialog
        open={asking}
        danger
        title={t('admin.comms.segments.deleteTitle', { name: segment.name })}
        confirmLabel={t('admin.comms.segments.delete')}
        errorArea="comms"
        onConfirm={() => adminSend('DELETE', `${path}?rev=${encodeURIComponent(segment.rev)}`)}
        onDone={() => void navigate(segmentsPath(), { replace: true })}
        onClose={() => setAsking(false)}
      >
        <p>{t('admin.comms.segments.deleteBody')}</p>
      </ConfirmDialog>
    </AdminPage>
  );
}
