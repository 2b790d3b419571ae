import type { SessionUserView } from '../../domain/account';
// The invoice list was built as a self-contained section to be placed here.
import { InvoiceList } from '../invoices/invoice-list';

/** The user's invoices, downloadable offline (the list is the invoices feature's own section). */
export function InvoicesTab(_props: { user: SessionUserView }) {
  return <InvoiceList />;
}
