import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallSessionDoc } from '../../domain/mine';
import { Button } from '../../ui/button';
import { ChoiceField } from '../../ui/form-field';
import { consultationDay, partnerName } from './messages-parts';
import own from './messages-tab.module.css';

/**
 * The consultations without a message yet: not listed as conversations (an empty thread says
 * nothing), but each can be written about from here, which opens its thread.
 */
export function StartConversation({
  calls,
  onStart,
}: {
  calls: readonly CallSessionDoc[];
  onStart: (orderId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState(calls[0]?.orderId ?? '');
  const selected = calls.some((call) => call.orderId === chosen) ? chosen : (calls[0]?.orderId ?? '');
  const options = calls.map((call) => ({
    value: call.orderId,
    label: t('messagesTab.start.option', {
      name: partnerName(call),
      date: consultationDay(call, i18n.language),
    }),
  }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected) onStart(selected);
  };
  return (
    <form className={own.start} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('messagesTab.start.title')}</h3>
      <ChoiceField
        id={`${id}-consultation`}
        label={t('messagesTab.start.label')}
        options={options}
        value={selected}
        onValue={setChosen}
      />
      <div>
        <Button type="submit" variant="secondary" size="small" disabled={!selected}>
          {t('messagesTab.start.open')}
        </Button>
      </div>
    </form>
  );
}
