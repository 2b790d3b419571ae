/**
 * reviews: moderation of the reviews clients published. Published or hidden ones (tabs), searched
 * in the author's name and the text, narrowed to one provider from a row; each row hides or
 * restores its review with a reason, after which the provider's rating and review count follow
 * (the service counts them from its tally, once).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { REVIEW_STATES } from '../../../domain/review-moderation';
import type { ReviewModerationView, ReviewState } from '../../../domain/review-moderation';
import { Button } from '../../../ui/button';
import { StateTabs, useStateParam } from '../approvals/status-tabs';
import trust from '../approvals/trust.module.css';
import { AdminList } from '../ui/admin-list';
import type { AdminColumn } from '../ui/admin-list';
import { AdminPage } from '../ui/admin-page';
import { useAdminFormat } from '../ui/use-admin-format';
import detail from '../ui/detail.module.css';
import { ModerationDialog } from './moderation-dialog';
import styles from './reviews.module.css';

export function ReviewsPage() {
  const { t, i18n } = useTranslation();
  const format = useAdminFormat();
  const [params, setParams] = useSearchParams();
  const [state, setState] = useStateParam<ReviewState>('state', REVIEW_STATES, 'visible');
  const provider = params.get('provider') ?? '';
  const [providerName, setProviderName] = useState<string>();
  const [moderating, setModerating] = useState<ReviewModerationView>();
  const [changes, setChanges] = useState(0);
  const [done, setDone] = useState<ReviewState>();

  const filterProvider = (item?: ReviewModerationView) => {
    const next = new URLSearchParams(params);
    if (item) next.set('provider', item.providerId);
    else next.delete('provider');
    next.delete('token');
    setProviderName(item?.providerName);
    setParams(next);
  };

  const columns: AdminColumn<ReviewModerationView>[] = [
    {
      key: 'review',
      label: t('admin.reviews.columns.review'),
      render: (item) => (
        <div className={styles.review}>
          <span className={styles.author}>
            {item.authorName ?? t('admin.reviews.anonymous')}
            <span className={detail.secondary}> · {item.language.toUpperCase()}</span>
          </span>
          <span className={trust.clip}>{item.body}</span>
        </div>
      ),
    },
    {
      key: 'provider',
      label: t('admin.reviews.columns.provider'),
      render: (item) =>
        provider ? (
          (item.providerName ?? item.providerId)
        ) : (
          <button
            type="button"
            className={styles.link}
            title={t('admin.reviews.onlyProvider')}
            onClick={() => filterProvider(item)}
          >
            {item.providerName ?? item.providerId}
          </button>
        ),
    },
    {
      key: 'rating',
      label: t('admin.reviews.columns.rating'),
      align: 'end',
      render: (item) => t('admin.reviews.ratingValue', { value: format.number(item.rating) }),
    },
    {
      key: 'published',
      label: t('admin.reviews.columns.published'),
      render: (item) => format.date(item.publishedAt),
    },
    {
      key: 'moderation',
      label: t('admin.reviews.columns.moderation'),
      render: (item) =>
        item.moderation ? (
          <span className={detail.name}>
            <span>
              {t(`admin.reviews.decision.${item.moderation.state}`, {
                date: format.dateTime(item.moderation.at),
              })}
            </span>
            <span className={`${detail.secondary} ${trust.clip}`}>{item.moderation.reason}</span>
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      label: t('admin.reviews.columns.actions'),
      render: (item) => (
        <Button size="small" variant="secondary" onClick={() => setModerating(item)}>
          {item.state === 'visible' ? t('admin.reviews.hide') : t('admin.reviews.restore')}
        </Button>
      ),
    },
  ];

  return (
    <AdminPage title={t('admin.reviews.title')} subtitle={t('admin.reviews.subtitle')}>
      <StateTabs
        label={t('admin.reviews.stateLabel')}
        value={state}
        onChange={(value) => {
          setDone(undefined);
          setState(value);
        }}
        options={REVIEW_STATES.map((value) => ({ value, label: t(`admin.reviews.state.${value}`) }))}
      />
      {done && (
        <p className={detail.notice} data-tone="good" role="status">
          {done === 'hidden' ? t('admin.reviews.hidden') : t('admin.reviews.restored')}
        </p>
      )}
      <AdminList<ReviewModerationView>
        endpoint="reviews"
        label={t('admin.reviews.listLabel')}
        query={{ state, provider }}
        columns={columns}
        rowKey={(item) => item.id}
        searchLabel={t('admin.reviews.search')}
        reloadKey={changes}
        emptyText={t(`admin.reviews.empty.${state}`)}
        toolbar={
          provider ? (
            <span className={styles.chip}>
              {t('admin.reviews.providerFilter', { name: providerName ?? provider })}
              <Button size="small" variant="ghost" onClick={() => filterProvider(undefined)}>
                {t('admin.reviews.allProviders')}
              </Button>
            </span>
          ) : undefined
        }
      />
      <ModerationDialog
        review={moderating}
        locale={i18n.language}
        onDone={(next) => {
          setDone(next);
          setChanges((n) => n + 1);
        }}
        onClose={() => setModerating(undefined)}
      />
    </AdminPage>
  );
}
