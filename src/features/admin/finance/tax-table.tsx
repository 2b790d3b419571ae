/**
 * The VAT figures of one currency as a table: a row per period or per country (its first cell is
 * the row's name, possibly a link), the invoices and credit notes counted, and the net, VAT and
 * total collected (invoiced minus credited, so negative when more was given back). An optional
 * total row closes it. The table scrolls inside its own box on a phone.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaxFigures } from '../../../domain/admin-taxes';
import { useAdminFormat } from '../ui/use-admin-format';
import calls from '../calls/calls.module.css';
import styles from './finance-reports.module.css';

export type TaxTableRow = { key: string; name: ReactNode; figures: TaxFigures };

type Props = {
  caption: string;
  nameLabel: string;
  rows: TaxTableRow[];
  total?: TaxFigures;
  /** Extra cell at the end of each row (a link to the period's countries). */
  action?: (row: TaxTableRow) => ReactNode;
};

export function TaxTable({ caption, nameLabel, rows, total, action }: Props) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const money = (amount: number, currency: string) => (
    <span className={amount < 0 ? styles.negative : undefined}>{format.money(amount, currency)}</span>
  );
  const cells = (figures: TaxFigures) => (
    <>
      <td className={calls.end}>{format.number(figures.invoices)}</td>
      <td className={calls.end}>{format.number(figures.creditNotes)}</td>
      <td className={calls.end}>{money(figures.collected.net, figures.currency)}</td>
      <td className={calls.end} data-vat>
        {money(figures.collected.vat, figures.currency)}
      </td>
      <td className={calls.end}>{money(figures.collected.total, figures.currency)}</td>
    </>
  );
  return (
    <div className={`${calls.scroller} ${styles.scroller}`}>
      <table className={calls.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{nameLabel}</th>
            <th scope="col" className={calls.end}>
              {t('admin.taxes.columns.invoices')}
            </th>
            <th scope="col" className={calls.end}>
              {t('admin.taxes.columns.creditNotes')}
            </th>
            <th scope="col" className={calls.end}>
              {t('admin.taxes.columns.net')}
            </th>
            <th scope="col" className={calls.end}>
              {t('admin.taxes.columns.vat')}
            </th>
            <th scope="col" className={calls.end}>
              {t('admin.taxes.columns.total')}
            </th>
            {action && (
              <th scope="col">
                <span className="visually-hidden">{t('admin.common.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-tax-row={row.key}>
              <th scope="row">{row.name}</th>
              {cells(row.figures)}
              {action && <td>{action(row)}</td>}
            </tr>
          ))}
          {total && (
            <tr className={styles.totalRow} data-tax-total>
              <th scope="row">{t('admin.taxes.total')}</th>
              {cells(total)}
              {action && <td />}
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
