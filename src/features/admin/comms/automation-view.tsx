/** How an automation reads in the console: on or off as a badge, its delay, a send's state, its counts. */
import { useTranslation } from 'react-i18next';
import type {
  AutomationCounts,
  AutomationDelay,
  AutomationSendState,
} from '../../../domain/comms-automations';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';

export const SEND_TONE: Record<AutomationSendState, 'warn' | 'good' | 'bad' | 'live' | undefined> = {
  queued: 'warn',
  sending: 'live',
  sent: 'good',
  failed: 'bad',
  suppressed: undefined,
};

export function AutomationStateBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={detail.badge}
      data-tone={enabled ? 'good' : undefined}
      data-automation-state={enabled ? 'on' : 'off'}
    >
      {t(enabled ? 'commsAutomations.state.on' : 'commsAutomations.state.off')}
    </span>
  );
}

/** "after 7 d". */
export function useDelayText(): (delay: AutomationDelay) => string {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return (delay) => t(`commsAutomations.delayShort.${delay.unit}`, { value: format.number(delay.value) });
}

/** "12 sent · 1 failed · 2 suppressed · 3 queued". */
export function useAutomationCountsText(): (counts: AutomationCounts) => string {
  const { t } = useTranslation();
  const format = useAdminFormat();
  return (counts) =>
    t('commsAutomations.countsLine', {
      sent: format.number(counts.sent),
      failed: format.number(counts.failed),
      suppressed: format.number(counts.suppressed),
      queued: format.number(counts.queued),
    });
}
