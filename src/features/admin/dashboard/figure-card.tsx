/** One figure of the dashboard: a card that is a link to the list the figure counts. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './dashboard.module.css';

type Props = {
  id: string;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  /** An `/admin/…` path with its filters. */
  to: string;
  linkLabel: string;
  tone?: 'warn' | 'bad';
};

export function FigureCard({ id, label, value, detail, to, linkLabel, tone }: Props) {
  return (
    <Link className={styles.card} to={to} data-figure={id} data-tone={tone}>
      <p className={styles.label}>{label}</p>
      <p className={styles.value} data-figure-value>
        {value}
      </p>
      {detail && <p className={styles.detail}>{detail}</p>}
      <span className={styles.more}>
        {linkLabel} <span aria-hidden="true">→</span>
      </span>
    </Link>
  );
}
