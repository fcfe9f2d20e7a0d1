import { useState } from 'react';
import type { StaffMe } from '@bilheteira/shared/schemas/backoffice';
import { api } from '../../lib/api';
import { clearSession, fetchMe, setMe } from '../../lib/session';
import { CodeStep } from './code-step';
import { PasswordStep } from './password-step';
import { TotpSetup } from './totp-setup';

export type SignInStep = 'password' | 'second_factor' | 'totp_setup';

export const stepOf = (me: StaffMe | null | undefined): SignInStep | 'complete' =>
  !me ? 'password' : me.state === 'complete' ? 'complete' : me.state;

/**
 * The steps of a sign-in after the password: the second factor, or the TOTP set-up for a
 * role that requires one and has none. `onComplete` runs once the session is complete (after
 * the recovery codes were kept, for a set-up).
 */
export function SignInSteps({
  me,
  onComplete,
  email,
}: {
  me: StaffMe | null;
  onComplete(): void;
  /** the email to sign in with, when known (an invitation's) */
  email?: string;
}) {
  const [settingUp, setSettingUp] = useState(false);
  const restart = () => {
    void api('/auth/logout', { method: 'POST', anonymous: true }).catch(() => undefined);
    clearSession();
  };
  // the set-up stays on screen while its recovery codes show (the session is complete by then)
  if (stepOf(me) === 'totp_setup' && !settingUp) setSettingUp(true);
  const step = settingUp ? 'totp_setup' : stepOf(me);
  if (step === 'password')
    return (
      <PasswordStep defaultEmail={email} onDone={(m) => (setMe(m), m.state === 'complete' && onComplete())} />
    );
  if (step === 'second_factor')
    return <CodeStep onDone={(m) => (setMe(m), onComplete())} onRestart={restart} />;
  if (step === 'totp_setup')
    return (
      <TotpSetup
        onDone={() =>
          void fetchMe().then((m) => {
            setMe(m);
            setSettingUp(false);
            onComplete();
          })
        }
        onRestart={() => {
          setSettingUp(false);
          restart();
        }}
      />
    );
  return null;
}
