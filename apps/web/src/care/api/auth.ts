import { useQuery } from '@tanstack/react-query';
import type { StaffApi } from './http';
import { useCare } from './services';
import type { EnrollAnswer, SignInAnswer, StaffMe, VerifyAnswer } from './types';

// Sign-in's three steps and the signed-in staff member (issue 41's contract).

export const signIn = (api: StaffApi, email: string, password: string) =>
  api.send<SignInAnswer>('POST', '/staff/token', { email, password });

export const enroll = (api: StaffApi, challenge: string, code: string) =>
  api.send<EnrollAnswer>('POST', '/staff/token/enroll', { challenge, code });

export const verify = (
  api: StaffApi,
  challenge: string,
  second: { code: string } | { recoveryCode: string },
) => api.send<VerifyAnswer>('POST', '/staff/token/verify', { challenge, ...second });

export const signOut = (api: StaffApi) => api.send<undefined>('POST', '/staff/sign-out');

export const meKey = ['care', 'me'] as const;

export function useMe() {
  const { api } = useCare();
  return useQuery({ queryKey: meKey, queryFn: () => api.get<StaffMe>('/staff/me') });
}
