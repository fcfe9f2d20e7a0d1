import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { checkResetLink } from '../api/auth-api';
import { loginErrorText } from '../lib/errors';

/** The heading of a link that no longer works, by the API's answer. */
const DEAD_LINK_TITLE: Record<string, string> = {
  link_expired: 'reset.link_expired_title',
  link_used: 'reset.link_used_title',
};

/**
 * Checks the emailed reset link when its page opens (issue 25 item 16): an expired, used or
 * unknown link says so, with a way to ask for a new one, before anything is typed; a live
 * one shows `children` (the new-password form).
 */
export function ResetLinkGate({
  token,
  askAgainTo,
  children,
}: {
  token: string;
  /** where a new link is asked for (the login, whose password step offers it) */
  askAgainTo: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const link = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token),
    // a 4xx is the answer; only a failing server is asked again
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    staleTime: Infinity,
    gcTime: 0,
  });
  if (link.isPending)
    return (
      <p className="text-slate-700" role="status" data-testid="reset-link-checking">
        {t('reset.link_checking')}
      </p>
    );
  if (link.isError) {
    const code = link.error instanceof ApiError ? (link.error.code ?? 'link_invalid') : 'link_invalid';
    return (
      <div data-testid="reset-link-dead" data-code={code}>
        <h2 className="text-xl font-bold text-red-800">
          {t(DEAD_LINK_TITLE[code] ?? 'reset.link_invalid_title')}
        </h2>
        <p className="mt-2 text-slate-700">{loginErrorText(link.error, t('reset.invalid_link'))}</p>
        <Link to={askAgainTo} className="btn-primary mt-6">
          {t('reset.ask_again')}
        </Link>
      </div>
    );
  }
  return <>{children}</>;
}
