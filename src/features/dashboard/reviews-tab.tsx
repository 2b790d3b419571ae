import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUserView } from '../../domain/account';
import { LANGUAGES } from '../../domain/languages';
import type { Language } from '../../domain/languages';
import { REVIEW_COMMENT_MAX, REVIEW_COMMENT_MIN, isProviderRole } from '../../domain/mine';
import type { CallSessionDoc, ReviewDoc } from '../../domain/mine';
import { useCallHistory } from '../../data/call-history';
import { useDataLayer } from '../../data/data-context';
import { useProvider } from '../../data/providers';
import { dismissRefusedReview, saveReview, useMyReviews, useRefusedReviews } from '../../data/reviews';
import { useProviderReviews } from '../../data/testimonials';
import { useWaitingIds } from '../../data/waiting';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/form-field';
import { countryName } from '../../ui/intl';
import { Rating } from '../../ui/rating';
import { Stars } from '../../ui/stars';
import styles from './tabs.module.css';
import own from './reviews-tab.module.css';
import { WaitingTag } from './waiting-tag';

const SHOWN_RECEIVED = 20;

/**
 * The reviews tab: a client rates each completed consultation once (saved on the device, published
 * by the service when pushed); a provider reads the reviews published about them.
 */
export function ReviewsTab({ user }: { user: SessionUserView }) {
  const calls = useCallHistory();
  const asClient = calls?.filter((call) => call.role === 'client' && call.phase === 'completed');
  const provider = isProviderRole(user.role);
  return (
    <div className={styles.stack}>
      {provider && <ReceivedReviews providerId={user.uid} />}
      {(!provider || (asClient && asClient.length > 0)) && <ClientReviews completed={asClient} />}
    </div>
  );
}

function ClientReviews({ completed }: { completed: CallSessionDoc[] | undefined }) {
  const { t } = useTranslation();
  const reviews = useMyReviews();
  const waiting = useWaitingIds();
  const refused = useRefusedReviews();
  const headingId = useId();
  const ready = completed !== undefined && reviews !== undefined;
  const toRate = ready ? completed.filter((call) => !reviews.has(call.orderId)) : [];
  const rated = ready
    ? completed.flatMap((call) => {
        const review = reviews.get(call.orderId);
        return review ? [{ call, review }] : [];
      })
    : [];
  const names = new Map(completed?.map((call) => [call.orderId, call.providerName]));
  return (
    <section className={styles.card} aria-labelledby={headingId} data-section="reviews">
      <h2 id={headingId}>{t('reviewsTab.title')}</h2>
      <p className={styles.muted}>{t('reviewsTab.clientLead')}</p>
      {refused.map(({ doc }) => (
        <div key={doc.id} className={own.refused} role="alert">
          <p>{t('reviewsTab.refused', { name: names.get(doc.orderId) ?? '' })}</p>
          <p className={own.quote} lang={doc.language}>
            {t('reviewsTab.refusedText', { comment: doc.comment })}
          </p>
          <Button size="small" variant="secondary" onClick={() => dismissRefusedReview(doc.id)}>
            {t('reviewsTab.dismiss')}
          </Button>
        </div>
      ))}
      {!ready ? (
        <p className={styles.muted} role="status">
          {t('reviewsTab.loading')}
        </p>
      ) : completed.length === 0 ? (
        <p className={styles.muted}>{t('reviewsTab.noCompleted')}</p>
      ) : (
        <>
          <h3>{t('reviewsTab.toRate')}</h3>
          {toRate.length === 0 ? (
            <p className={styles.muted}>{t('reviewsTab.allRated')}</p>
          ) : (
            <ul className={own.forms}>
              {toRate.map((call) => (
                <li key={call.orderId}>
                  <ReviewForm call={call} />
                </li>
              ))}
            </ul>
          )}
          {rated.length > 0 && (
            <>
              <h3>{t('reviewsTab.yours')}</h3>
              <ul className={styles.list}>
                {rated.map(({ call, review }) => (
                  <RatedItem key={review.id} call={call} review={review} waiting={waiting.has(review.id)} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

function ConsultationTitle({ call, id }: { call: CallSessionDoc; id?: string }) {
  const { t, i18n } = useTranslation();
  const when = call.endedAt ?? call.updatedAt;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(when));
  return (
    <div className={own.title}>
      <h4 id={id}>{t('reviewsTab.consultationWith', { name: call.providerName })}</h4>
      <time dateTime={when}>{t('reviewsTab.consultationOn', { date })}</time>
    </div>
  );
}

function RatedItem({ call, review, waiting }: { call: CallSessionDoc; review: ReviewDoc; waiting: boolean }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <li className={styles.item} data-review={review.orderId}>
      <div className={styles.body}>
        <ConsultationTitle call={call} />
        <Stars rating={review.rating} />
        <p className={styles.message} lang={review.language}>
          {review.comment}
        </p>
        <div className={styles.meta}>
          {waiting ? (
            <WaitingTag />
          ) : review.publishedAt ? (
            <span className={`${styles.tag} ${styles.completed}`} data-published="true">
              {t('reviewsTab.published', { date: date.format(new Date(review.publishedAt)) })}
            </span>
          ) : (
            <span className={`${styles.tag} ${styles.pending}`}>{t('reviewsTab.sent')}</span>
          )}
          {waiting && <span>{t('reviewsTab.waiting')}</span>}
        </div>
      </div>
    </li>
  );
}

function ReviewForm({ call }: { call: CallSessionDoc }) {
  const { t, i18n } = useTranslation();
  const { db } = useDataLayer();
  const base = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string; save?: string }>({});
  const [saving, setSaving] = useState(false);
  const titleId = `${base}-title`;
  const commentId = `${base}-comment`;
  const ratingErrorId = `${base}-rating-error`;
  const language: Language = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'fr';
  const limits = { min: REVIEW_COMMENT_MIN, max: REVIEW_COMMENT_MAX };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const length = comment.trim().length;
    const next = {
      rating: rating < 1 ? t('reviewsTab.ratingRequired') : undefined,
      comment:
        length < REVIEW_COMMENT_MIN || length > REVIEW_COMMENT_MAX
          ? t('reviewsTab.commentLength', limits)
          : undefined,
    };
    setErrors(next);
    if (next.rating) return document.getElementById(`${base}-star-1`)?.focus();
    if (next.comment) return document.getElementById(commentId)?.focus();
    setSaving(true);
    try {
      await saveReview(db, call, { rating, comment, language });
    } catch {
      setErrors({ save: t('reviewsTab.saveFailed') });
      setSaving(false);
    }
  };

  return (
    <form className={own.form} aria-labelledby={titleId} onSubmit={(event) => void submit(event)} noValidate>
      <ConsultationTitle call={call} id={titleId} />
      <fieldset
        className={own.stars}
        aria-invalid={errors.rating ? true : undefined}
        aria-describedby={errors.rating ? ratingErrorId : undefined}
      >
        <legend>{t('reviewsTab.ratingLegend')}</legend>
        <div className={own.starRow}>
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className={value <= rating ? own.on : undefined}>
              <input
                id={`${base}-star-${value}`}
                type="radio"
                name={`${base}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{t('reviewsTab.star', { count: value })}</span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id={ratingErrorId} className={styles.error}>
            {errors.rating}
          </p>
        )}
      </fieldset>
      <TextAreaField
        id={commentId}
        label={t('reviewsTab.comment')}
        hint={t('reviewsTab.commentHint', limits)}
        error={errors.comment}
        value={comment}
        rows={4}
        maxLength={REVIEW_COMMENT_MAX}
        onValue={setComment}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={saving}>
          {saving ? t('reviewsTab.saving') : t('reviewsTab.submit')}
        </Button>
        {errors.save && (
          <p className={`${styles.status} ${styles.error}`} role="alert">
            {errors.save}
          </p>
        )}
      </div>
    </form>
  );
}

function ReceivedReviews({ providerId }: { providerId: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const { provider } = useProvider({ id: providerId });
  const { items, status } = useProviderReviews(providerId, SHOWN_RECEIVED);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <section className={styles.card} aria-labelledby={headingId} data-section="received-reviews">
      <h2 id={headingId}>{t('reviewsTab.title')}</h2>
      <p className={styles.muted}>{t('reviewsTab.providerLead')}</p>
      {provider && (
        <div className={own.summary}>
          <span>{t('reviewsTab.summary')}</span>
          <Rating value={provider.rating} reviews={provider.reviewCount} />
        </div>
      )}
      {status === 'loading' ? (
        <p className={styles.muted} role="status">
          {t('reviewsTab.loading')}
        </p>
      ) : items.length === 0 ? (
        <p className={styles.muted}>{t('reviewsTab.providerEmpty')}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((review) => (
            <li key={review.id} className={styles.item} lang={review.language}>
              <div className={styles.body}>
                <div className={styles.meta}>
                  <Stars rating={review.rating ?? 0} />
                  <strong>{review.authorName}</strong>
                  {review.country && <span>{countryName(review.country, i18n.language)}</span>}
                  {review.publishedAt && (
                    <time dateTime={review.publishedAt} lang={i18n.language}>
                      {date.format(new Date(review.publishedAt))}
                    </time>
                  )}
                </div>
                <p className={styles.message}>{review.body}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
