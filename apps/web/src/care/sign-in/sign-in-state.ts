import type { EnrollAnswer, SignInAnswer, TokenAnswer } from '../api/types';

// Sign-in as one small state machine: password, then either enrolment (first sign-in: QR and
// code, then the recovery codes shown once) or verification (code or recovery code). An
// expired challenge goes back to the password with a message.

export type SignInStep =
  | { step: 'password'; notice: string | null }
  | { step: 'enroll'; challenge: string; secret: string; otpauthUrl: string; qrSvg: string }
  | { step: 'verify'; challenge: string; recovery: boolean }
  | { step: 'codes'; codes: string[]; token: TokenAnswer };

export type SignInEvent =
  | { type: 'password-accepted'; answer: SignInAnswer }
  | { type: 'enrolled'; answer: EnrollAnswer }
  | { type: 'toggle-recovery' }
  | { type: 'restart'; notice: string | null };

export const initialStep: SignInStep = { step: 'password', notice: null };

export function signInReducer(state: SignInStep, event: SignInEvent): SignInStep {
  switch (event.type) {
    case 'password-accepted':
      return event.answer.status === 'enroll'
        ? {
            step: 'enroll',
            challenge: event.answer.challenge,
            secret: event.answer.secret,
            otpauthUrl: event.answer.otpauthUrl,
            qrSvg: event.answer.qrSvg,
          }
        : { step: 'verify', challenge: event.answer.challenge, recovery: false };
    case 'enrolled': {
      const { recoveryCodes, ...token } = event.answer;
      return { step: 'codes', codes: recoveryCodes, token };
    }
    case 'toggle-recovery':
      return state.step === 'verify' ? { ...state, recovery: !state.recovery } : state;
    case 'restart':
      return { step: 'password', notice: event.notice };
  }
}

/** The server's SVG as an image source: an <img> never runs what is in it, innerHTML would. */
export function svgDataUrl(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}
