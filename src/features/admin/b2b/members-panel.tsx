/**
 * An account's members: added by e-mail (a client account with that address — once confirmed —
 * may have its calls billed to the company), removed after a confirmation (they can no longer book
 * on the account from that moment).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { B2bMember } from '../../../domain/b2b';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/form-field';
import { adminSend } from '../admin-api';
import { useAdminErrorText } from '../ui/admin-error';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAdminFormat } from '../ui/use-admin-format';
import form from '../pricing/admin-form.module.css';
import styles from './b2b.module.css';

export function MembersPanel({ accountId, onChanged }: { accountId: string; onChanged?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const format = useAdminFormat();
  const errorText = useAdminErrorText('b2b');
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<string>();
  const [changes, setChanges] = useState(0);
  const [removing, setRemoving] = useState<string>();
  const changed = () => {
    setChanges((n) => n + 1);
    onChanged?.();
  };

  const add = async () => {
    setFailure(undefined);
    try {
      await adminSend('POST', `b2b/accounts/${accountId}/members`, { email });
      setEmail('');
      changed();
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  const columns: AdminColumn<B2bMember>[] = [
    { key: 'email', label: t('admin.b2b.members.email'), render: (member) => member.email },
    {
      key: 'addedAt',
      label: t('admin.b2b.members.addedAt'),
      render: (member) => format.date(member.addedAt),
    },
    {
      key: 'remove',
      label: t('admin.b2b.members.actions'),
      align: 'end',
      render: (member) => (
        <Button variant="ghost" size="small" onClick={() => setRemoving(member.email)}>
          {t('admin.b2b.members.remove')}
        </Button>
      ),
    },
  ];

  return (
    <section className={form.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={form.cardTitle}>
        {t('admin.b2b.members.title')}
      </h2>
      <p className={form.hint}>{t('admin.b2b.members.hint')}</p>
      <form
        className={styles.inline}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <TextField
          id={`${id}-email`}
          type="email"
          label={t('admin.b2b.members.email')}
          value={email}
          onValue={setEmail}
        />
        <Button type="submit" disabled={!email.trim()}>
          {t('admin.b2b.members.add')}
        </Button>
      </form>
      {failure && (
        <p role="alert" className={form.failure}>
          {failure}
        </p>
      )}
      <AdminList<B2bMember>
        endpoint={`b2b/accounts/${accountId}/members`}
        label={t('admin.b2b.members.title')}
        columns={columns}
        rowKey={(member) => member.email}
        paramPrefix="m"
        reloadKey={changes}
        emptyText={t('admin.b2b.members.empty')}
      />
      <ConfirmDialog
        open={removing !== undefined}
        title={t('admin.b2b.members.removeTitle', { email: removing ?? '' })}
        confirmLabel={t('admin.b2b.members.remove')}
        danger
        errorArea="b2b"
        onConfirm={() =>
          adminSend('DELETE', `b2b/accounts/${accountId}/members/${encodeURIComponent(removing ?? '')}`)
        }
        onDone={changed}
        onClose={() => setRemoving(undefined)}
      >
        <p>{t('admin.b2b.members.removeBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
