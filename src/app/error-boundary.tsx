import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { newEventId, reportError } from './error-reporting';
import styles from './error-boundary.module.css';

type State = { failed: false } | { failed: true; eventId: string };

/** Catches a render failure below it, reports it, and offers Retry and Reload. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true, eventId: newEventId() };
  }

  /** The failure caught, until it is reported with the id the fallback shows. */
  private caught: { error: Error; componentStack: string | undefined } | undefined;

  // Preact calls this before applying the state from getDerivedStateFromError: the report waits
  // for the fallback (componentDidUpdate), so that it carries the reference the reader sees.
  override componentDidCatch(error: Error, info: ErrorInfo | undefined) {
    this.caught = { error, componentStack: info?.componentStack ?? undefined };
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.failed && this.caught) {
      const { error, componentStack } = this.caught;
      this.caught = undefined;
      void reportError('boundary', error, { componentStack }, this.state.eventId);
    }
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <RenderFailure eventId={this.state.eventId} onRetry={() => this.setState({ failed: false })} />;
  }
}

function RenderFailure({ eventId, onRetry }: { eventId: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className={styles.failure} role="alert">
      <h1>{t('errorBoundary.title')}</h1>
      <p>{t('errorBoundary.body')}</p>
      <p>{t('errorBoundary.reported')}</p>
      <p className={styles.reference}>
        {t('errorBoundary.reference')} <code>{eventId}</code>
      </p>
      <div className={styles.actions}>
        <Button onClick={onRetry}>{t('errorBoundary.retry')}</Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t('errorBoundary.reload')}
        </Button>
      </div>
    </section>
  );
}
