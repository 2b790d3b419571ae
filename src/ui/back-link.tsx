import { Link } from 'react-router-dom';
import styles from './back-link.module.css';

/** The "← …" link back to the list a detail page belongs to. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className={styles.back}>
      {children}
    </Link>
  );
}
