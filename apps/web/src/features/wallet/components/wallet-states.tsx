import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';

export function ChooseEventCard() {
  const { t } = useTranslation('wallet');
  return (
    <div className="card text-center" data-testid="wallet-no-event">
      <p className="font-semibold">{t('no_event')}</p>
      <Link to={paths.dashboardHome} className="btn-primary mt-4 inline-flex">
        {t('choose_event')}
      </Link>
    </div>
  );
}

/** The event has no cashless wallet at all (not just no online top-up). */
export function WalletDisabled() {
  const { t } = useTranslation('wallet');
  return (
    <div className="card text-center" data-testid="wallet-disabled">
      <p className="font-semibold">{t('disabled_title')}</p>
      <p className="mt-1 text-slate-700">{t('disabled_text')}</p>
    </div>
  );
}

export function WalletError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation('wallet');
  if (error instanceof ApiError && error.code === 'wallet_disabled') return <WalletDisabled />;
  return (
    <div className="card text-center" role="alert">
      <p>{error instanceof ApiError ? error.message : t('load_error')}</p>
      <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

/** Online top-up is off for this event: top up at a charging point (spec §8). */
export function OnlineTopUpUnavailable() {
  const { t } = useTranslation('wallet');
  return (
    <div
      className="rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300"
      data-testid="topup-unavailable"
    >
      <p className="font-semibold">{t('unavailable.title')}</p>
      <p className="mt-1">{t('unavailable.text')}</p>
    </div>
  );
}
