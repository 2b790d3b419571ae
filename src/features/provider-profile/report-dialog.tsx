import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataLayerWhenOpen } from '../../data/data-context';
import { reportProvider } from '../../data/reports';
import { REPORT_DETAILS_MAX, REPORT_REASONS, reportProblem } from '../../domain/report';
import type { ReportReason } from '../../domain/report';
import { Button } from '../../ui/button';
import styles from '../../ui/dialog.module.css';
import { SelectField } from '../../ui/select-field';

type Outcome = 'sent' | 'queued' | undefined;

/** "Report this profile": a reason, optional details (required for "other"), sent or queued. */
export function ReportDialog({ providerId }: { providerId: string }) {
  const { t } = useTranslation();
  const openStore = useDataLayerWhenOpen();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const problem = reportProblem({ id: 'local-check', providerId, reason: reason || undefined, details });
    if (problem)
      return setError(
        problem === 'details_required' ? t('report.detailsRequired') : t('report.reasonRequired'),
      );
    setSending(true);
    try {
      const { db } = await openStore();
      setOutcome(
        await reportProvider(db, { providerId, reason: reason as ReportReason, details: details.trim() }),
      );
      setError(undefined);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button variant="ghost" size="small" onClick={() => dialog.current?.showModal()}>
        {t('report.open')}
      </Button>
      <dialog ref={dialog} className={styles.dialog} aria-labelledby="report-title">
        <form method="dialog" onSubmit={(event) => event.preventDefault()} className={styles.form}>
          <h2 id="report-title" className={styles.title}>
            {t('report.title')}
          </h2>
          {outcome ? (
            <p role="status">{outcome === 'sent' ? t('report.sent') : t('report.queued')}</p>
          ) : (
            <>
              <SelectField
                label={t('report.reason')}
                anyLabel={t('report.chooseReason')}
                value={reason}
                options={REPORT_REASONS.map((value) => ({ value, label: t(`report.reasons.${value}`) }))}
                onChange={(value) => setReason(value as ReportReason | '')}
              />
              <label className={styles.field}>
                <span>{t('report.details')}</span>
                <textarea
                  value={details}
                  maxLength={REPORT_DETAILS_MAX}
                  rows={4}
                  onChange={(event) => setDetails(event.target.value)}
                />
              </label>
              {error && (
                <p className={styles.error} role="alert">
                  {error}
                </p>
              )}
            </>
          )}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              {outcome ? t('report.close') : t('report.cancel')}
            </Button>
            {!outcome && (
              <Button onClick={() => void submit()} disabled={sending}>
                {t('report.send')}
              </Button>
            )}
          </div>
        </form>
      </dialog>
    </>
  );
}
