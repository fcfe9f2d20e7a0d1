import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { QuickChargeEvent } from '@bilheteira/shared/schemas/wallet';
import { isBraceletCode } from '@bilheteira/shared/wallet';
import { PhoneInput } from '../../../components/phone-input';
import { initialPhoneValue, isPhoneValueValid, type PhoneValue } from '../../../lib/phone-value';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useCheckout } from '../../../stores/checkout-store';
import { useEventContext } from '../../../stores/event-context-store';
import { useSession } from '../../../stores/session-store';
import { linkBracelet, quickChargeEventQuery, quickChargeLogin } from '../api/wallet';
import {
  BraceletProofFields,
  emptyProof,
  proofError,
  proofPayload,
  type BraceletProof,
} from '../components/bracelet-proof-fields';
import { TopUpPicker } from '../components/topup-picker';
import { useRefreshWalletAfterCheckout } from '../hooks/use-refresh-after-checkout';
import { OnlineTopUpUnavailable, WalletDisabled } from '../components/wallet-states';

type Errors = Partial<Record<'code' | 'secret' | 'mobile' | 'password' | 'terms' | 'form', string>>;

/** The event's terms, to be accepted before a bracelet is linked. */
function TermsCheck({
  id,
  eventSlug,
  checked,
  error,
  onChange,
}: {
  id: string;
  eventSlug: string;
  checked: boolean;
  error?: string;
  onChange(checked: boolean): void;
}) {
  const { t } = useTranslation('wallet');
  return (
    <div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1 size-4"
          checked={checked}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-terms-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>
          {t('quick.terms_before')}{' '}
          <Link to={paths.siteTerms(eventSlug)} className="font-semibold underline">
            {t('quick.terms_link')}
          </Link>
        </span>
      </label>
      {error && (
        <p id={`${id}-terms-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function Identify({ event, onLinked }: { event: QuickChargeEvent; onLinked(code: string): void }) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const signedIn = useSession((s) => !!s.token);
  const [code, setCode] = useState('');
  const [proof, setProof] = useState<BraceletProof>(emptyProof);
  const [phone, setPhone] = useState<PhoneValue>(() => initialPhoneValue());
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!isBraceletCode(code)) next.code = t('bracelets.code_invalid');
    const proofBad = proofError(proof);
    if (proofBad) next.secret = t(proofBad);
    if (!signedIn && !isPhoneValueValid(phone)) next.mobile = t('quick.mobile_invalid');
    if (!signedIn && !password) next.password = t('quick.password_required');
    if (!terms) next.terms = t('quick.terms_required');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      if (!signedIn) {
        try {
          const session = await quickChargeLogin({
            mobile_country_code: phone.dialCode,
            mobile: phone.national,
            password,
          });
          useSession.getState().setToken(session.accessToken);
        } catch (err) {
          setErrors({ password: err instanceof ApiError ? err.message : t('quick.login_error') });
          return;
        }
      }
      try {
        await linkBracelet({ event_id: event.id, code, ...proofPayload(proof) });
        onLinked(code);
      } catch (err) {
        const field =
          err instanceof ApiError ? (err.fieldErrors.secret ?? err.fieldErrors.uid)?.[0] : undefined;
        setErrors(
          field
            ? { secret: field }
            : {
                code:
                  err instanceof ApiError ? (err.fieldErrors.code?.[0] ?? err.message) : t('bracelets.error'),
              },
        );
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="quick-charge-form">
      <div>
        <label htmlFor={`${id}-code`} className="field-label">
          {t('quick.code')}
        </label>
        <input
          id={`${id}-code`}
          className="field-input font-mono text-lg tracking-widest"
          inputMode="numeric"
          autoComplete="off"
          placeholder="000000"
          value={code}
          aria-invalid={!!errors.code}
          aria-describedby={`${id}-code-hint${errors.code ? ` ${id}-code-error` : ''}`}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <p id={`${id}-code-hint`} className="mt-1 text-sm text-slate-600">
          {t('quick.code_hint')}
        </p>
        {errors.code && (
          <p id={`${id}-code-error`} className="field-error" role="alert">
            {errors.code}
          </p>
        )}
        <BraceletProofFields
          id={id}
          value={proof}
          error={errors.secret}
          onChange={(next) => {
            setProof(next);
            setErrors((e) => ({ ...e, code: undefined, secret: undefined }));
          }}
        />
      </div>
      {signedIn ? (
        <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-300">
          {t('quick.signed_in')}
        </p>
      ) : (
        <>
          <PhoneInput
            label={t('quick.mobile')}
            value={phone}
            onChange={setPhone}
            error={errors.mobile}
            required
          />
          <div>
            <label htmlFor={`${id}-password`} className="field-label">
              {t('quick.password')}
            </label>
            <input
              id={`${id}-password`}
              type="password"
              className="field-input"
              autoComplete="current-password"
              value={password}
              aria-invalid={!!errors.password}
              aria-describedby={errors.password ? `${id}-password-error` : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
            {errors.password && (
              <p id={`${id}-password-error`} className="field-error" role="alert">
                {errors.password}
              </p>
            )}
          </div>
        </>
      )}
      <TermsCheck id={id} eventSlug={event.slug} checked={terms} error={errors.terms} onChange={setTerms} />
      <button type="submit" className="btn-primary" disabled={busy} data-testid="quick-charge-continue">
        {busy ? t('loading') : t('quick.continue')}
      </button>
    </form>
  );
}

function People({ title, names }: { title: string; names: string[] }) {
  if (!names.length) return null;
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{title}</h2>
      <ul className="mt-1 flex flex-wrap gap-2">
        {names.map((n) => (
          <li
            key={n}
            className="rounded-full bg-white px-3 py-1 text-sm text-slate-800 ring-1 ring-slate-200"
          >
            {n}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /site/:slug/wallet — quick charge: bracelet ID, phone and password, terms, then top-up. */
export default function QuickChargePage() {
  const { t } = useTranslation('wallet');
  const { slug = '' } = useParams();
  const q = useQuery({ ...quickChargeEventQuery(slug), enabled: !!slug });
  const [linked, setLinked] = useState<string | null>(null);
  useRefreshWalletAfterCheckout();
  const event = q.data;
  usePageMeta(event ? `${t('quick.title')} · ${event.name}` : t('quick.title'));

  useEffect(() => {
    if (event)
      useEventContext
        .getState()
        .enter({ id: event.id, slug: event.slug, name: event.name, walletEnabled: event.wallet_enabled });
  }, [event]);

  return (
    <main id="main" className="min-h-screen bg-slate-100">
      <div className="mx-auto w-full max-w-xl px-4 py-8">
        {q.isPending ? (
          <div
            className="h-96 animate-pulse rounded-2xl bg-slate-200"
            aria-busy="true"
            aria-label={t('loading')}
          />
        ) : q.isError || !event ? (
          <div className="card text-center" role="alert" data-testid="quick-charge-not-found">
            <h1 className="text-xl font-bold">{t('quick.not_found')}</h1>
          </div>
        ) : !event.wallet_enabled ? (
          // no cashless at this event: nothing to top up, here or at the venue
          <>
            <p className="text-sm font-semibold text-slate-600">{event.name}</p>
            <h1 className="mb-4 text-3xl font-bold">{t('quick.title')}</h1>
            <WalletDisabled />
          </>
        ) : (
          <>
            <p className="text-sm font-semibold text-slate-600">{event.name}</p>
            <h1 className="text-3xl font-bold">{t('quick.title')}</h1>
            <div className="card mt-4">
              {!event.online_topup_enabled ? (
                <OnlineTopUpUnavailable />
              ) : linked ? (
                <div data-testid="quick-charge-amount">
                  <p
                    className="mb-4 rounded-lg bg-emerald-50 p-3 text-emerald-900 ring-1 ring-emerald-300"
                    role="status"
                  >
                    {t('quick.linked', { code: linked })}
                  </p>
                  <TopUpPicker
                    onSubmit={(cents) =>
                      useCheckout.getState().start({
                        eventId: event.id,
                        eventSlug: event.slug,
                        topupCents: cents,
                        returnTo: paths.siteWallet(event.slug),
                      })
                    }
                  />
                  <button
                    type="button"
                    className="mt-3 text-sm font-semibold underline"
                    onClick={() => setLinked(null)}
                  >
                    {t('quick.other_bracelet')}
                  </button>
                </div>
              ) : (
                <>
                  <p className="mb-4 text-slate-700">{t('quick.intro')}</p>
                  <Identify event={event} onLinked={setLinked} />
                </>
              )}
            </div>
            <div className="mt-6 grid gap-4">
              <People title={t('quick.promoters')} names={event.promoters} />
              <People title={t('quick.partners')} names={event.partners} />
            </div>
          </>
        )}
      </div>
    </main>
  );
}
