/**
 * `/admin/coupons/new` and `/admin/coupons/:code` (also under `/admin/promos/codes`): a promo code's
 * form (discount, currency, services, validity, total and per-client limits), checked with the rules
 * checkout applies before it is sent and again by the service; for an existing code, its uses, the
 * switch to turn it off or on, and its change history.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../../ui/button';
import { adminSend } from '../admin-api';
import { AdminPage } from '../ui/admin-page';
import { PendingPage } from '../ui/pending-page';
import { AuditTrail } from '../ui/audit-trail';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAdminFormat } from '../ui/use-admin-format';
import { useAdminQuery } from '../ui/use-admin-query';
import detail from '../ui/detail.module.css';
import styles from '../pricing/admin-form.module.css';
import { CouponFields } from './coupon-fields';
import { useCouponText } from './coupon-text';
import { couponPath, couponsPath, STATE_TONE, useCouponsBase } from './coupon-view';
import type { CouponView } from './coupon-view';
import listStyles from './coupons.module.css';

export function CouponEditorPage() {
  const { code } = useParams();
  return code ? <ExistingCoupon code={code} /> : <NewCoupon />;
}

function NewCoupon() {
  const { t } = useTranslation();
  const base = useCouponsBase();
  const navigate = useNavigate();
  return (
    <AdminPage
      title={t('admin.coupons.createTitle')}
      back={{ to: couponsPath(base), label: t('admin.coupons.backToList') }}
    >
      <CouponFields
        onSave={(body) =>
          adminSend<{ coupon: CouponView }>('POST', 'coupons', body).then((answer) => answer.coupon)
        }
        onSaved={(coupon) => void navigate(couponPath(base, coupon.code), { replace: true })}
      />
    </AdminPage>
  );
}

function ExistingCoupon({ code }: { code: string }) {
  const { t } = useTranslation();
  const base = useCouponsBase();
  const [changes, setChanges] = useState(0);
  const result = useAdminQuery<{ coupon: CouponView }>(`coupons/${encodeURIComponent(code)}`, {}, changes);
  const back = { to: couponsPath(base), label: t('admin.coupons.backToList') };
  if (result.status !== 'ready') {
    return <PendingPage title={code} back={back} result={result} errorArea="coupons" />;
  }
  const coupon = result.data.coupon;
  return (
    <AdminPage
      title={<span className={listStyles.code}>{coupon.code}</span>}
      documentTitle={coupon.code}
      subtitle={t('admin.coupons.editSubtitle')}
      back={back}
      actions={<ActiveSwitch coupon={coupon} onChanged={() => setChanges((n) => n + 1)} />}
    >
      <CouponSummary coupon={coupon} />
      <CouponFields
        key={coupon.code}
        coupon={coupon}
        onSave={(body) =>
          adminSend<{ coupon: CouponView }>('PUT', `coupons/${encodeURIComponent(coupon.code)}`, body).then(
            (answer) => answer.coupon,
          )
        }
        onSaved={() => setChanges((n) => n + 1)}
      />
      <AuditTrail kind="coupon" id={coupon.code} reloadKey={changes} />
    </AdminPage>
  );
}

/** The code's state and uses: by paid orders, held by orders awaiting payment. */
function CouponSummary({ coupon }: { coupon: CouponView }) {
  const { t } = useTranslation();
  const format = useAdminFormat();
  const text = useCouponText();
  return (
    <section className={styles.card} aria-label={t('admin.coupons.summary')}>
      <dl className={listStyles.facts}>
        <div>
          <dt>{t('admin.coupons.columns.state')}</dt>
          <dd>
            <span className={detail.badge} data-tone={STATE_TONE[coupon.state]} data-testid="coupon-state">
              {t(`admin.coupons.state.${coupon.state}`)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('admin.coupons.columns.discount')}</dt>
          <dd>{text.discount(coupon)}</dd>
        </div>
        <div>
          <dt>{t('admin.coupons.paidUses')}</dt>
          <dd data-testid="coupon-uses">{text.uses(coupon)}</dd>
        </div>
        <div>
          <dt>{t('admin.coupons.reservedUses')}</dt>
          <dd>{format.number(coupon.usage.reserved)}</dd>
        </div>
      </dl>
      <p className={styles.meta}>{t('admin.coupons.usesHint')}</p>
    </section>
  );
}

/** Turns the code off (checkout refuses it at once) after a confirmation, or on again. */
function ActiveSwitch({ coupon, onChanged }: { coupon: CouponView; onChanged: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const path = `coupons/${encodeURIComponent(coupon.code)}`;
  if (!coupon.isActive) {
    return (
      <>
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {t('admin.coupons.enable')}
        </Button>
        <ConfirmDialog
          open={asking}
          title={t('admin.coupons.enableTitle', { code: coupon.code })}
          confirmLabel={t('admin.coupons.enable')}
          errorArea="coupons"
          onConfirm={() => adminSend('POST', `${path}/enable`)}
          onDone={onChanged}
          onClose={() => setAsking(false)}
        />
      </>
    );
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t('admin.coupons.disable')}
      </Button>
      <ConfirmDialog
        open={asking}
        danger
        title={t('admin.coupons.disableTitle', { code: coupon.code })}
        confirmLabel={t('admin.coupons.disable')}
        errorArea="coupons"
        onConfirm={() => adminSend('POST', `${path}/disable`)}
        onDone={onChanged}
        onClose={() => setAsking(false)}
      >
        <p>{t('admin.coupons.disableBody')}</p>
      </ConfirmDialog>
    </>
  );
}
