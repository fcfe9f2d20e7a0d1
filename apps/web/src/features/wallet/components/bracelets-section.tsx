import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalletEventData } from '@bilheteira/shared/schemas/wallet';
import { isBraceletCode } from '@bilheteira/shared/wallet';
import { ApiError } from '../../../lib/api-client';
import { showAlert } from '../../../stores/alert-store';
import { useBlockBracelet, useLinkBracelet, useReplaceBracelet } from '../api/wallet';
import {
  BraceletProofFields,
  emptyProof,
  proofError,
  proofPayload,
  type BraceletProof,
} from './bracelet-proof-fields';

const digitsOnly = (v: string) => v.replace(/\D/g, '').slice(0, 6);

/** The bracelets linked to this event's wallet, each with its status; an active one can be reported lost. */
function BraceletList({
  bracelets,
  lost,
  onReportLost,
}: {
  bracelets: WalletEventData['bracelets'];
  lost: string | null;
  onReportLost(code: string): void;
}) {
  const { t } = useTranslation('wallet');
  return bracelets.length === 0 ? (
    <p className="mt-2 text-slate-700">{t('bracelets.none')}</p>
  ) : (
    <ul className="mt-3 divide-y divide-slate-200">
      {bracelets.map((b) => (
        <li key={b.code} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span>
            <span className="sr-only">{t('bracelets.code')}: </span>
            <span className="font-mono text-lg font-semibold tracking-widest">{b.code}</span>{' '}
            <span
              className={`ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ${
                b.status === 'active' ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900'
              }`}
            >
              {t(`bracelets.status.${b.status}`)}
            </span>
          </span>
          {b.status === 'active' && lost !== b.code && (
            <button type="button" className="btn-secondary text-sm" onClick={() => onReportLost(b.code)}>
              {t('bracelets.report_lost')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The field an API error is about: the bracelet proof (secret or UID) or else the message for the code. */
function braceletError(err: unknown, t: (key: string) => string) {
  const proofField =
    err instanceof ApiError
      ? (err.fieldErrors.secret?.[0] ??
        err.fieldErrors.new_secret?.[0] ??
        err.fieldErrors.uid?.[0] ??
        err.fieldErrors.new_uid?.[0])
      : undefined;
  const msg =
    err instanceof ApiError
      ? (err.fieldErrors.code?.[0] ?? err.fieldErrors.new_code?.[0] ?? proofField ?? err.message)
      : t('bracelets.error');
  return { proofField, msg };
}

/**
 * The customer's bracelets: link one by its 6-digit code and the secret printed inside it
 * (or its NFC UID), report a lost one and move the balance to a new one.
 */
export function BraceletsSection({ data }: { data: WalletEventData }) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const link = useLinkBracelet();
  const block = useBlockBracelet();
  const replace = useReplaceBracelet();
  const [code, setCode] = useState('');
  const [proof, setProof] = useState<BraceletProof>(emptyProof);
  const [lost, setLost] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [proofMsg, setProofMsg] = useState<string | null>(null);
  const eventId = data.event.id;

  const fail = async (err: unknown) => {
    const { proofField, msg } = braceletError(err, t);
    if (proofField) setProofMsg(proofField);
    else setError(msg);
    await showAlert({ type: 'error', title: t('bracelets.error_title'), text: msg });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const codeBad = !isBraceletCode(code);
    const proofBad = proofError(proof);
    setError(codeBad ? t('bracelets.code_invalid') : null);
    setProofMsg(proofBad ? t(proofBad) : null);
    const given = proofPayload(proof);
    if (codeBad || proofBad || !given) return;
    try {
      const res = lost
        ? await replace.mutateAsync({
            event_id: eventId,
            old_code: lost,
            new_code: code,
            new_secret: given.secret,
            new_uid: given.uid,
          })
        : await link.mutateAsync({ event_id: eventId, code, ...given });
      setCode('');
      setProof(emptyProof());
      setLost(null);
      await showAlert({ type: 'success', title: t('bracelets.done_title'), text: res.message });
    } catch (err) {
      await fail(err);
    }
  };

  const reportLost = async (lostCode: string) => {
    const ok = await showAlert({
      type: 'warning',
      title: t('bracelets.lost_title'),
      text: t('bracelets.lost_text', { code: lostCode }),
      confirmText: t('bracelets.lost_confirm'),
      cancelText: t('bracelets.lost_cancel'),
    });
    if (!ok) return;
    setLost(lostCode);
    setError(null);
  };

  const blockOnly = async () => {
    if (!lost) return;
    try {
      const res = await block.mutateAsync({ event_id: eventId, code: lost });
      setLost(null);
      await showAlert({ type: 'success', title: t('bracelets.done_title'), text: res.message });
    } catch (err) {
      await fail(err);
    }
  };

  const busy = link.isPending || block.isPending || replace.isPending;

  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid="bracelets-section">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t('bracelets.title')}
      </h2>
      <BraceletList bracelets={data.bracelets} lost={lost} onReportLost={(c) => void reportLost(c)} />

      <form onSubmit={submit} noValidate className="mt-4" data-testid="bracelet-form">
        {lost && (
          <p
            className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300"
            role="status"
          >
            {t('bracelets.replace_hint', { code: lost })}
          </p>
        )}
        <label htmlFor={`${id}-code`} className="field-label">
          {lost ? t('bracelets.new_code') : t('bracelets.link_code')}
        </label>
        <input
          id={`${id}-code`}
          className="field-input max-w-xs font-mono text-lg tracking-widest"
          inputMode="numeric"
          autoComplete="off"
          placeholder="000000"
          value={code}
          aria-invalid={!!error}
          aria-describedby={`${id}-code-hint${error ? ` ${id}-code-error` : ''}`}
          onChange={(e) => {
            setCode(digitsOnly(e.target.value));
            setError(null);
          }}
        />
        <p id={`${id}-code-hint`} className="mt-1 text-sm text-slate-600">
          {t('bracelets.code_hint')}
        </p>
        {error && (
          <p id={`${id}-code-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
        <BraceletProofFields
          id={id}
          value={proof}
          error={proofMsg}
          onChange={(next) => {
            setProof(next);
            setProofMsg(null);
            setError(null);
          }}
        />
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {lost ? t('bracelets.replace_submit') : t('bracelets.link_submit')}
          </button>
          {lost && (
            <>
              <button
                type="button"
                className="btn-secondary"
                disabled={busy}
                onClick={() => void blockOnly()}
              >
                {t('bracelets.block_only')}
              </button>
              <button type="button" className="btn-secondary" onClick={() => setLost(null)}>
                {t('bracelets.lost_cancel')}
              </button>
            </>
          )}
        </div>
      </form>
    </section>
  );
}
