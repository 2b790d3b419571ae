/**
 * A record's audit trail behind a button, for a page that edits several records (settings: the
 * platform's and the seller's): each trail is named by its button, and only the one asked for is read.
 */
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { AuditTrail } from '../ui/audit-trail';
import styles from './admin-form.module.css';

type Props = { label: string; kind: string; id: string; reloadKey?: number | string };

export function HistoryToggle({ label, kind, id, reloadKey }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.history}>
      <Button variant="secondary" size="small" aria-expanded={open} onClick={() => setOpen(!open)}>
        {label}
      </Button>
      {open && <AuditTrail kind={kind} id={id} reloadKey={reloadKey} />}
    </div>
  );
}
