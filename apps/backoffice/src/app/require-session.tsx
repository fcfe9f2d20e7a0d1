import { Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import type { StaffMe } from '@bilheteira/shared/schemas/backoffice';
import { onSessionEnded } from '../lib/api';
import { endSession, sessionEnding, useMe } from '../lib/session';
import { Layout } from './layout';
import { currentMembership, rememberOrganizer } from './nav';
import { Loading } from '../components/loading';

export interface ShellContext {
  me: StaffMe;
  current: StaffMe['memberships'][number] | null;
  chooseOrganizer(id: number): void;
}

/**
 * The signed-in part of the back office: without a complete session (password and, where
 * required, the second factor) it goes to the sign-in page and comes back afterwards; a call
 * that answers 401 later (expired or revoked session) does the same, saying why.
 */
export function RequireSession() {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const params = useParams();
  const fromUrl = params.organizerId ? Number(params.organizerId) : null;
  const [chosen, setChosen] = useState<number | null>(null);

  // a call that answers 401 ends the session here; the redirect below then says why
  useEffect(() => onSessionEnded(() => endSession('expired')), []);

  if (me.isPending) return <Loading />;
  if (me.isError) throw me.error;
  if (!me.data || me.data.state !== 'complete') {
    const next = `${location.pathname}${location.search}`;
    const query = new URLSearchParams();
    const ending = sessionEnding();
    if (ending === 'expired') query.set('expired', '1');
    if (next !== '/' && ending !== 'signed_out') query.set('next', next);
    return <Navigate to={`/login${query.size ? `?${query}` : ''}`} replace />;
  }
  const current = currentMembership(me.data, fromUrl ?? chosen);
  const context: ShellContext = {
    me: me.data,
    current,
    chooseOrganizer(id) {
      rememberOrganizer(id);
      setChosen(id);
      if (fromUrl !== null)
        void navigate(location.pathname.replace(`/organizers/${fromUrl}`, `/organizers/${id}`));
    },
  };
  return (
    <Layout context={context}>
      <Suspense fallback={<Loading />}>
        <Outlet context={context} />
      </Suspense>
    </Layout>
  );
}
