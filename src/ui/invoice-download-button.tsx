import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCreditNote } from '../domain/credit-note';
import type { BillingDoc } from '../domain/credit-note';
import { resolveLanguage } from '../domain/languages';
import { Button } from './button';
import styles from './invoice-download-button.module.css';

/**
 * Renders an invoice or a credit note as a PDF in the browser, from the document alone (so offline
 * too), in the interface language. The renderer and its fonts load on the first click only.
 */
export function InvoiceDownloadButton({
  invoice,
  size = 'small',
  variant = 'secondary',
}: {
  invoice: BillingDoc;
  size?: 'normal' | 'small';
  variant?: 'primary' | 'secondary';
}) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      const { downloadInvoicePdf } = await import('../invoice/download');
      await downloadInvoicePdf(invoice, resolveLanguage(i18n.language));
      setState('idle');
    } catch (error) {
      console.warn('Invoice PDF:', error);
      setState('failed');
    }
  };
  return (
    <span className={styles.wrap}>
      <Button
        size={size}
        variant={variant}
        disabled={state === 'busy'}
        aria-label={
          state === 'busy'
            ? undefined
            : t(isCreditNote(invoice) ? 'invoices.downloadCreditNoteNamed' : 'invoices.downloadNamed', {
                number: invoice.number,
              })
        }
        onClick={() => void download()}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" className={styles.icon}>
          <path
            d="M12 3v12m0 0-5-5m5 5 5-5M5 21h14"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {state === 'busy' ? t('invoices.preparing') : t('invoices.download')}
      </Button>
      {state === 'failed' && (
        <span role="alert" className={styles.error}>
          {t('invoices.failed')}
        </span>
      )}
    </span>
  );
}
