/**
 * Hides or restores one review, with the reason the service requires: the dialog quotes the
 * review, says what follows for the provider's rating, and shows the review's history.
 */
import { useTranslation } from 'react-i18next';
import { ADMIN_REASON_MAX_LENGTH } from '../../../domain/admin-reason';
import type { ReviewModerationView, ReviewState } from '../../../domain/review-moderation';
import { adminSend } from '../admin-api';
import { AuditTrail } from '../ui/audit-trail';
import { ConfirmDialog } from '../ui/confirm-dialog';
import styles from './reviews.module.css';

type Props = {
  review?: ReviewModerationView;
  locale: string;
  onDone: (state: ReviewState) => void;
  onClose: () => void;
};

export function ModerationDialog({ review, locale, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const next: ReviewState = review?.state === 'hidden' ? 'visible' : 'hidden';
  const provider = review?.providerName ?? review?.providerId ?? '';
  return (
    <ConfirmDialog
      open={review !== undefined}
      title={next === 'hidden' ? t('admin.reviews.hideTitle') : t('admin.reviews.restoreTitle')}
      confirmLabel={next === 'hidden' ? t('admin.reviews.hide') : t('admin.reviews.restore')}
      danger={next === 'hidden'}
      errorArea="reviews"
      reason={{ label: t('admin.reviews.reason'), required: true, maxLength: ADMIN_REASON_MAX_LENGTH }}
      onConfirm={(reason) =>
        adminSend('POST', `reviews/${encodeURIComponent(review!.id)}/moderation`, { state: next, reason })
      }
      onDone={() => onDone(next)}
      onClose={onClose}
    >
      {review && (
        <>
          <blockquote className={styles.quote} lang={review.language}>
            <p>{review.body}</p>
            <footer>
              {review.authorName ?? t('admin.reviews.anonymous')} ·{' '}
              {t('admin.reviews.ratingValue', { value: new Intl.NumberFormat(locale).format(review.rating) })}
            </footer>
          </blockquote>
          <p>
            {next === 'hidden'
              ? t('admin.reviews.hideBody', { provider })
              : t('admin.reviews.restoreBody', { provider })}
          </p>
          <AuditTrail kind="review" id={review.id} />
        </>
      )}
    </ConfirmDialog>
  );
}
