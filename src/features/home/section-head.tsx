import type { ReactNode } from 'react';
import styles from './home-page.module.css';

type Props = { id: string; title: string; intro?: string; children?: ReactNode; onDark?: boolean };

/** A home section's heading (the target of the section's `aria-labelledby`), its intro, and a link. */
export function SectionHead({ id, title, intro, children, onDark = false }: Props) {
  return (
    <div className={`${styles.head} ${onDark ? styles.headOnDark : ''}`}>
      <div>
        <h2 id={id}>{title}</h2>
        {intro && <p>{intro}</p>}
      </div>
      {children}
    </div>
  );
}
