import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useUrlToken } from '../../../lib/use-url-token';
import { unsubscribe } from '../api/account';

type State =
  { kind: 'ready' } | { kind: 'busy' } | { kind: 'done'; text: string } | { kind: 'error'; text: string };

/**
 * Marketing unsubscribe (spec §2 /unsub): the signed link of a marketing email, no login.
 * One click confirms, so link scanners that merely open the page unsubscribe nobody.
 */
export default function UnsubPage() {
  const { t } = useTranslation('account');
  usePageMeta(t('unsub.title'));
  const token = useUrlToken() ?? '';
  const [state, setState] = useState<State>(
    token ? { kind: 'ready' } : { kind: 'error', text: t('unsub.no_token') },
  );

  const confirm = async () => {
    setState({ kind: 'busy' });
    try {
      const res = await unsubscribe(token);
      setState({
        kind: 'done',
        text: res.data.email_hint ? `${res.data.message} (${res.data.email_hint})` : res.data.message,
      });
    } catch (err) {
      setState({ kind: 'error', text: err instanceof ApiError ? err.message : t('unsub.error') });
    }
  };

  return (
    <main id="main" className="page max-w-xl">
      <div className="card text-center">
        <h1 className="text-2xl font-bold">{t('unsub.title')}</h1>
        {state.kind === 'done' ? (
          <div role="status" data-testid="unsub-done">
            <p className="mt-4 text-emerald-900">{state.text}</p>
            <p className="mt-2 text-sm text-slate-700">{t('unsub.change_later')}</p>
          </div>
        ) : state.kind === 'error' ? (
          <p className="mt-4 text-red-800" role="alert">
            {state.text}
          </p>
        ) : (
          <>
            <p className="mt-4 text-slate-800">{t('unsub.text')}</p>
            <button
              type="button"
              className="btn-primary mt-5"
              onClick={() => void confirm()}
              disabled={state.kind === 'busy'}
            >
              {t('unsub.confirm')}
            </button>
          </>
        )}
        <p className="mt-6">
          <Link to={paths.home} className="font-semibold text-amber-800 underline">
            {t('unsub.home')}
          </Link>
        </p>
      </div>
    </main>
  );
}
