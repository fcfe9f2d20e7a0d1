import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { queryClient } from '../../../lib/query-client';
import { useSession } from '../../../stores/session-store';
import { impersonate } from '../api/auth-api';
import { loginErrorText } from '../lib/errors';
import { usePageMeta } from '../../../lib/page-meta';
import { useUrlToken } from '../../../lib/use-url-token';

/**
 * /dashboard/impersonate?token=…: support staff exchange a single-use, 5-minute token from
 * `npm run ops -- impersonate <mobile>` for an audited session (header and footer hidden).
 */
export default function ImpersonatePage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('impersonate.title'));
  const navigate = useNavigate();
  const token = useUrlToken();
  const [error, setError] = useState<string | null>(token ? null : t('impersonate.missing'));
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    impersonate(token)
      .then((res) => {
        queryClient.clear();
        useSession.getState().clear();
        useSession.getState().setToken(res.accessToken);
        navigate(paths.dashboardHome, { replace: true });
      })
      .catch((err: unknown) => setError(loginErrorText(err, t('login.unknown_error'))));
  }, [token, navigate, t]);

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-slate-100 p-4">
      <div className="card w-full max-w-md text-center" aria-live="polite">
        <h1 className="text-2xl font-bold">{t('impersonate.title')}</h1>
        {error ? (
          <>
            <h2 className="mt-3 font-semibold text-red-700">{t('impersonate.failed')}</h2>
            <p className="mt-1 text-slate-700" data-testid="impersonate-error">
              {error}
            </p>
          </>
        ) : (
          <p className="mt-3 text-slate-700">{t('impersonate.working')}</p>
        )}
      </div>
    </main>
  );
}
