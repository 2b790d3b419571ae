import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leaveStandIn } from '../../data/demo-stand-in';
import type { SessionUserView } from '../../domain/account';
import { Button } from '../../ui/button';
// The notices' tones are the account screens' ones.
import tones from '../account/account.module.css';
import styles from './dashboard.module.css';

/**
 * Above every tab while the session shows a demo expert's stand-in (demo mode): whose side this is,
 * that it is the client's own and nobody else's, and the way back to their account (the address
 * stays: the same conversation shows from the client's side).
 */
export function StandInNotice({ user }: { user: SessionUserView }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'leaving' | 'failed'>('idle');
  const back = async () => {
    setState('leaving');
    try {
      await leaveStandIn();
    } catch {
      setState('failed');
    }
  };
  return (
    <section
      className={`${styles.notice} ${tones.info}`}
      aria-labelledby="stand-in-heading"
      data-stand-in="true"
    >
      <h2 id="stand-in-heading">{t('messagesTab.standIn.title', { name: user.displayName })}</h2>
      <p>{t('messagesTab.standIn.body')}</p>
      <div>
        <Button size="small" disabled={state === 'leaving'} onClick={() => void back()}>
          {t('messagesTab.standIn.back')}
        </Button>
      </div>
      <p aria-live="polite" className={styles.feedback}>
        {state === 'failed' && t('messagesTab.standIn.failed')}
      </p>
    </section>
  );
}
