import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BRACELET_SECRET_LENGTH } from '@bilheteira/shared/constants';
import { isBraceletSecret, normalizeBraceletSecret } from '@bilheteira/shared/wallet';

/** Web NFC (Chrome on Android): not in TypeScript's DOM library yet. */
interface NdefReadingEvent extends Event {
  serialNumber: string;
}
interface NdefReader extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
}
type NdefReaderConstructor = new () => NdefReader;

const ndefReader = (): NdefReaderConstructor | undefined =>
  typeof window !== 'undefined' && 'NDEFReader' in window
    ? (window as unknown as { NDEFReader: NdefReaderConstructor }).NDEFReader
    : undefined;

export interface BraceletProof {
  secret: string;
  /** the NFC UID the phone read, when it did */
  uid: string | null;
}

export const emptyProof = (): BraceletProof => ({ secret: '', uid: null });

/** The proof the API takes: the secret when typed, the UID when read; null when neither. */
export function proofPayload(proof: BraceletProof): { secret?: string; uid?: string } | null {
  const secret = normalizeBraceletSecret(proof.secret);
  if (proof.uid) return secret ? { uid: proof.uid, secret } : { uid: proof.uid };
  return secret ? { secret } : null;
}

/** Client check before sending: a message key, or null when the proof can be sent. */
export function proofError(proof: BraceletProof): 'proof.secret_required' | 'proof.secret_invalid' | null {
  if (proof.uid && !proof.secret) return null;
  if (!proof.secret) return 'proof.secret_required';
  return isBraceletSecret(proof.secret) ? null : 'proof.secret_invalid';
}

/**
 * Proof that the bracelet is in the customer's hands: the secret printed inside it, or its
 * NFC UID read by the phone (the read button only where Web NFC exists).
 */
export function BraceletProofFields({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: BraceletProof;
  onChange(next: BraceletProof): void;
  error?: string | null;
}) {
  const { t } = useTranslation('wallet');
  const [nfc, setNfc] = useState<'idle' | 'waiting' | 'failed'>('idle');
  const abort = useRef<AbortController | null>(null);
  const Reader = ndefReader();
  useEffect(() => () => abort.current?.abort(), []);

  const read = async () => {
    if (!Reader) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setNfc('waiting');
    try {
      const reader = new Reader();
      reader.addEventListener(
        'reading',
        (e) => {
          controller.abort();
          setNfc('idle');
          onChange({ ...value, uid: (e as NdefReadingEvent).serialNumber });
        },
        { once: true },
      );
      reader.addEventListener('readingerror', () => setNfc('failed'), { once: true });
      await reader.scan({ signal: controller.signal });
    } catch {
      setNfc('failed');
    }
  };

  return (
    <div className="mt-3" data-testid="bracelet-proof">
      <label htmlFor={`${id}-secret`} className="field-label">
        {t('proof.secret')}
      </label>
      <input
        id={`${id}-secret`}
        className="field-input max-w-xs font-mono text-lg tracking-widest uppercase"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={BRACELET_SECRET_LENGTH + 2}
        placeholder="ABCD-EFGH"
        value={value.secret}
        aria-invalid={!!error}
        aria-describedby={`${id}-secret-hint${error ? ` ${id}-secret-error` : ''}`}
        onChange={(e) => onChange({ ...value, secret: e.target.value })}
      />
      <p id={`${id}-secret-hint`} className="mt-1 text-sm text-slate-600">
        {t('proof.secret_hint')}
      </p>
      {error && (
        <p id={`${id}-secret-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      {Reader && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button
            type="button"
            className="btn-secondary text-sm"
            disabled={nfc === 'waiting'}
            onClick={() => void read()}
            data-testid="bracelet-nfc-read"
          >
            {t('proof.nfc_read')}
          </button>
          <span role="status" className="text-sm text-slate-700">
            {value.uid
              ? t('proof.nfc_done')
              : nfc === 'waiting'
                ? t('proof.nfc_waiting')
                : nfc === 'failed'
                  ? t('proof.nfc_error')
                  : ''}
          </span>
        </div>
      )}
    </div>
  );
}
