import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { acceptUpdate, usePwaState } from '../pwa';
import styles from './update-prompt.module.css';

/** Shown when a new version of the app is ready: it takes over on the user's word, not mid-task. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const { updateReady } = usePwaState();
  if (!updateReady) return null;
  return (
    <div className={styles.toast} role="status">
      <span>{t('pwa.updateReady')}</span>
      <Button size="small" onClick={acceptUpdate}>
        {t('pwa.reload')}
      </Button>
    </div>
  );
}
