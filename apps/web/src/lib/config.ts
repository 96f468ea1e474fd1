import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getJson } from './api/http';

/** GET /config.json: runtime settings the server hands the web app. */
export interface AppConfig {
  tenantId: string;
  googleSignIn: boolean;
  version: string | null;
  chatWidgetUrl: string | null;
  supportUrl: string | null;
}

const FALLBACK: AppConfig = {
  tenantId: 'portal',
  googleSignIn: false,
  version: null,
  chatWidgetUrl: null,
  supportUrl: null,
};

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export async function fetchAppConfig(): Promise<AppConfig> {
  const raw = await getJson<Record<string, unknown>>('/config.json');
  return {
    tenantId: str(raw.tenantId) ?? FALLBACK.tenantId,
    googleSignIn: raw.googleSignIn === true,
    version: str(raw.version),
    chatWidgetUrl: str(raw.chatWidgetUrl),
    supportUrl: str(raw.supportUrl),
  };
}

export const appConfigQuery = {
  queryKey: ['app-config'] as const,
  queryFn: fetchAppConfig,
  staleTime: Infinity,
  gcTime: Infinity,
  retry: 2,
};

/** The runtime config; while loading (or if it fails) the safe fallback is returned. */
export function useAppConfig(): AppConfig {
  const { data } = useQuery(appConfigQuery);
  return data ?? FALLBACK;
}

/** For event handlers that need the config now (the cached copy, or one fetch). */
export function useLoadAppConfig(): () => Promise<AppConfig> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.fetchQuery(appConfigQuery), [queryClient]);
}
