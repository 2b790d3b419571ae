/**
 * The frame of every console screen: a title (the page's only h1, also the tab's title), an
 * optional line under it, the screen's actions at the top right (below the title on a phone),
 * an optional link back (detail pages), then the body.
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './admin-page.module.css';

type Props = {
  title: ReactNode;
  /** The tab's title when `title` is not plain text. */
  documentTitle?: string;
  subtitle?: ReactNode;
  /** Buttons or links acting on the whole page (create, export…). */
  actions?: ReactNode;
  /** Where "back" leads, for detail pages (an `/admin/…` path). */
  back?: { to: string; label?: string };
  children?: ReactNode;
};

export function AdminPage({ title, documentTitle, subtitle, actions, back, children }: Props) {
  const { t } = useTranslation();
  const tabTitle = documentTitle ?? (typeof title === 'string' ? title : undefined);
  useEffect(() => {
    if (tabTitle) document.title = `${tabTitle} · ${t('admin.shell.title')}`;
  }, [tabTitle, t]);
  return (
    <article className={styles.page}>
      {back && (
        <Link className={styles.back} to={back.to}>
          <span aria-hidden="true">← </span>
          {back.label ?? t('admin.common.back')}
        </Link>
      )}
      <header className={styles.header}>
        <div className={styles.heading}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </header>
      <div className={styles.body}>{children}</div>
    </article>
  );
}
