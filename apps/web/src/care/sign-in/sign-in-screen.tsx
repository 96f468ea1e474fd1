import { useReducer, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useCare } from '../api/services';
import type { TokenAnswer } from '../api/types';
import { useStaffSession } from '../session';
import { strings } from '../strings';
import { EnrollStep } from './enroll-step';
import { PasswordStep } from './password-step';
import { RecoveryCodesStep } from './recovery-codes-step';
import { signInReducer, type SignInStep } from './sign-in-state';
import { VerifyStep } from './verify-step';

export const CARE_HOME = '/care/queue';

/** Only a path inside the console: a returnTo never sends the care team elsewhere. */
function safeReturnTo(value: string | null): string {
  return value && /^\/care(?:\/|$)/.test(value) && !value.startsWith('//') ? value : CARE_HOME;
}

export function SignInScreen() {
  const { session } = useCare();
  const current = useStaffSession(session);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [expiredNotice] = useState(() =>
    session.endedReason === 'expired' ? strings.layout.sessionEnded : null,
  );
  const [state, dispatch] = useReducer(signInReducer, {
    step: 'password',
    notice: expiredNotice,
  } satisfies SignInStep);
  const returnTo = safeReturnTo(params.get('returnTo'));

  // Set while this screen hands over to the console, so the redirect below (for a reload of
  // sign-in while signed in) does not race it and drop what it carries.
  const handingOver = useRef(false);
  const signedIn = (token: TokenAnswer, recoveryCodesLeft?: number) => {
    handingOver.current = true;
    session.start(token);
    void navigate(returnTo, { replace: true, state: { recoveryCodesLeft } });
  };

  // Already signed in (a reload of /care/sign-in): straight on. Not while the recovery codes
  // are on screen, whose session starts only when they are saved.
  if (current && handingOver.current) return null;
  if (current && state.step !== 'codes') return <Navigate to={returnTo} replace />;

  const restart = (notice: string | null) => dispatch({ type: 'restart', notice });
  switch (state.step) {
    case 'password':
      return (
        <PasswordStep
          notice={state.notice}
          onAccepted={(answer) => dispatch({ type: 'password-accepted', answer })}
        />
      );
    case 'enroll':
      return (
        <EnrollStep
          challenge={state.challenge}
          secret={state.secret}
          qrSvg={state.qrSvg}
          onEnrolled={(answer) => dispatch({ type: 'enrolled', answer })}
          onRestart={restart}
        />
      );
    case 'codes':
      return <RecoveryCodesStep codes={state.codes} onContinue={() => signedIn(state.token)} />;
    case 'verify':
      return (
        <VerifyStep
          challenge={state.challenge}
          recovery={state.recovery}
          onVerified={(answer) => signedIn(answer, answer.recoveryCodesLeft)}
          onToggleRecovery={() => dispatch({ type: 'toggle-recovery' })}
          onRestart={restart}
        />
      );
  }
}
