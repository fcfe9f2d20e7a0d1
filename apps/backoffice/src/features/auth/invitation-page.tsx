import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import type { invitationPreview } from '@bilheteira/shared/schemas/backoffice';
import { api } from '../../lib/api';
import { apiFormError } from '../../lib/forms';
import { notify } from '../../lib/notice';
import { clearSession, fetchMe, setMe, useMe } from '../../lib/session';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { rememberOrganizer } from '../../app/nav';
import { AuthFrame } from './auth-frame';
import { NewAccountForm } from './new-account-form';
import { SignInSteps, stepOf } from './sign-in-flow';

type Preview = z.infer<typeof invitationPreview>;

/**
 * The link of an invitation email: a new user chooses a name and password (and sets up TOTP
 * when the role requires it); someone who already has an account signs in and joins.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation(['auth', 'common']);
  const preview = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => api<Preview>(`/invitations/${encodeURIComponent(token)}`, { anonymous: true }),
    retry: false,
  });
  const me = useMe();
  if (preview.isPending || me.isPending) return <Loading />;
  if (preview.isError)
    return (
      <AuthFrame title={t('auth:invitation_title')}>
        <FormError message={apiFormError(t, preview.error)} />
      </AuthFrame>
    );
  return (
    <AuthFrame title={t('auth:invitation_title')}>
      <p className="mb-4 text-slate-800" data-testid="invitation-summary">
        {t('auth:invitation_summary', {
          organizer: preview.data.organizer_name,
          role: t(`common:roles.${preview.data.role}`),
        })}
      </p>
      <InvitationSteps token={token} preview={preview.data} />
    </AuthFrame>
  );
}

function InvitationSteps({ token, preview }: { token: string; preview: Preview }) {
  const { t } = useTranslation(['auth', 'common']);
  const me = useMe().data ?? null;
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);
  const goHome = async () => {
    const fresh = await fetchMe();
    setMe(fresh);
    // the organiser just joined: the membership the session did not have before
    const before = new Set(me?.memberships.map((m) => m.organizer_id));
    const joined = fresh?.memberships.find((m) => !before.has(m.organizer_id));
    if (joined) rememberOrganizer(joined.organizer_id);
    void navigate('/', { replace: true });
  };

  if (!preview.account_exists && !accepted)
    return (
      <NewAccountForm
        token={token}
        email={preview.email}
        onDone={(signedIn) => {
          setMe(signedIn);
          setAccepted(true);
          if (signedIn.state === 'complete') void goHome();
        }}
      />
    );
  if (stepOf(me) !== 'complete' || accepted)
    return (
      <SignInSteps me={me} email={preview.email} onComplete={() => (accepted ? void goHome() : undefined)} />
    );
  if (me && me.email !== preview.email)
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
          {t('auth:invitation_other_account', { email: preview.email, current: me.email })}
        </p>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            void api('/auth/logout', { method: 'POST', anonymous: true }).catch(() => undefined);
            clearSession();
          }}
        >
          {t('common:sign_out')}
        </button>
      </div>
    );
  const join = async () => {
    setJoining(true);
    setJoinError(null);
    try {
      const res = await api<{ message: string }>(`/invitations/${encodeURIComponent(token)}/join`, {
        method: 'POST',
        anonymous: true,
      });
      notify(res.message);
      await goHome();
    } catch (err) {
      setJoinError(apiFormError(t, err));
      setJoining(false);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <FormError message={joinError} />
      <button
        type="button"
        className="btn-primary"
        onClick={() => void join()}
        disabled={joining}
        data-testid="join"
      >
        {t('auth:invitation_join')}
      </button>
    </div>
  );
}
