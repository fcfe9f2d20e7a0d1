import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type {} from 'altcha/types/react';
import type { Locale } from '@bilheteira/shared/locales';
import { currentLocale } from '../i18n/i18n';

/** The API's ALTCHA challenge endpoint (self-hosted proof of work, no third party, no cookies). */
export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

const WIDGET_LANGUAGE: Record<Locale, string> = { 'pt-pt': 'pt-pt', en: 'en', es: 'es-es' };

/**
 * The widget's default palette uses light-dark() inside shorthand borders, which this
 * Chromium drops (no border: the checkbox is invisible). Plain colours from our palette,
 * with a contrast that passes WCAG AA.
 */
const WIDGET_THEME = {
  maxWidth: '100%',
  '--altcha-color-base': '#ffffff',
  '--altcha-color-base-content': '#0f172a',
  '--altcha-color-neutral': '#cbd5e1',
  '--altcha-color-neutral-content': '#334155',
  '--altcha-border-color': '#cbd5e1',
  '--altcha-checkbox-border-color': '#475569',
  '--altcha-max-width': '100%',
} as CSSProperties;

let loading: Promise<void> | null = null;

/**
 * Loads the widget on first use only, so pages without a form do not pay for it. The
 * `external` build ships no inline blob workers (the CSP forbids them): its PBKDF2 worker
 * is bundled by Vite as a same-origin file (DESIGN §6 trap).
 */
function loadAltcha(): Promise<void> {
  loading ??= (async () => {
    const [{ default: Pbkdf2Worker }] = await Promise.all([
      import('altcha/workers/pbkdf2?worker'),
      import('altcha/external'),
      import('altcha/altcha.css'),
    ]);
    // @ts-expect-error the package ships no declaration for its per-language files
    await Promise.all([import('altcha/i18n/pt-pt'), import('altcha/i18n/es-es')]);
    for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
      globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
    }
  })().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

interface WidgetElement extends HTMLElement {
  reset(): void;
}

export interface CaptchaProps {
  /** the base64 payload to send as the form's `altcha` field, or null when not (or no longer) verified */
  onChange(payload: string | null): void;
  /** an error to show under the widget (e.g. the server refused the solution) */
  error?: string;
  /** change it to start over with a fresh challenge (each solution is accepted once) */
  resetKey?: number;
  /** id of the wrapper, for aria-describedby or scrolling to the field */
  id?: string;
}

/**
 * The ALTCHA widget ("I am not a robot" checkbox solving a proof of work in a worker).
 * Shared by the organiser request and the contact form.
 */
export function Captcha({ onChange, error, resetKey = 0, id }: CaptchaProps) {
  const { t } = useTranslation('organizer');
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [verified, setVerified] = useState(false);
  const widgetRef = useRef<WidgetElement | null>(null);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let alive = true;
    loadAltcha().then(
      () => alive && setState('ready'),
      () => alive && setState('failed'),
    );
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    const el = widgetRef.current;
    if (!el || state !== 'ready') return;
    const listener = (e: Event) => {
      const detail = (e as CustomEvent<{ payload?: string | null; state?: string }>).detail;
      const payload = detail?.state === 'verified' && detail.payload ? detail.payload : null;
      setVerified(!!payload);
      onChangeRef.current(payload);
    };
    el.addEventListener('statechange', listener);
    return () => el.removeEventListener('statechange', listener);
  }, [state]);

  useEffect(() => {
    if (resetKey === 0) return;
    widgetRef.current?.reset?.();
    setVerified(false);
    onChangeRef.current(null);
  }, [resetKey]);

  const errorId = id ? `${id}-error` : undefined;
  return (
    <div id={id} className="min-h-[4.5rem]" data-testid="captcha" data-state={state} data-verified={verified}>
      {state === 'loading' && (
        <p className="text-sm text-slate-600" role="status">
          {t('captcha.loading')}
        </p>
      )}
      {state === 'failed' && (
        <p className="field-error" role="alert">
          {t('captcha.load_failed')}
        </p>
      )}
      {state === 'ready' && (
        <altcha-widget
          ref={widgetRef}
          challenge={CAPTCHA_CHALLENGE_URL}
          language={WIDGET_LANGUAGE[currentLocale()]}
          name="altcha"
          aria-describedby={error ? errorId : undefined}
          style={WIDGET_THEME}
        />
      )}
      {error && (
        <p id={errorId} className="field-error mt-1" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
