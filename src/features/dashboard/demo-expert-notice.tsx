import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { messagesPath } from '../../config/paths';
import { openStandIn } from '../../data/demo-stand-in';
import { useBrowserOnline } from '../../data/use-online';
import { Button } from '../../ui/button';
import own from './messages-tab.module.css';

/**
 * Above the composer of a conversation with a demo expert (demo mode): says, before anything is
 * typed, that no real expert reads it and where it goes, the expert's demo space that only this
 * client opens, and opens it (the session then shows the stand-in, on the same conversation).
 */
export function DemoExpertNotice({ orderId, name }: { orderId: string; name: string }) {
  const { t } = useTranslation();
  const online = useBrowserOnline();
  const navigate = useNavigate();
  const [state, setState] = useState<'idle' | 'opening' | 'failed'>('idle');
  const open = async () => {
    setState('opening');
    try {
      await openStandIn(orderId);
      navigate(messagesPath(orderId));
    } catch {
      setState('failed');
    }
  };
  return (
    <section className={own.demo} aria-label={t('messagesTab.demoExpert.title')} data-demo-expert="true">
      <strong>{t('messagesTab.demoExpert.title')}</strong>
      <p>{t('messagesTab.demoExpert.body', { name })}</p>
      <div>
        <Button
          size="small"
          variant="secondary"
          disabled={!online || state === 'opening'}
          onClick={() => void open()}
        >
          {t('messagesTab.demoExpert.open', { name })}
        </Button>
      </div>
      <p className={own.demoStatus} aria-live="polite">
        {!online
          ? t('messagesTab.demoExpert.offline')
          : state === 'failed'
            ? t('messagesTab.demoExpert.failed')
            : null}
      </p>
    </section>
  );
}
