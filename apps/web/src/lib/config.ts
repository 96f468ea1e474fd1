import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getJson } from './api/http';

/** GET /config.json: runtime settings the server hands the web app. */
export interface AppConfig {
  tenantId: string;
  googleSignIn: boolean;
  version: string | null;
  chatWidgetUrl: string | null;
  supportUrl: string | null;
  /** Browser key of the maps places script (address suggestions); null: no script loads. */
  mapsApiKey?: string | null;
  /** The flag table's defaults: what a signed-out visitor gets. */
  flags: Record<string, boolean>;
}

const FALLBACK: AppConfig = {
  tenantId: 'portal',
  googleSignIn: false,
  version: null,
  chatWidgetUrl: null,
  supportUrl: null,
  mapsApiKey: null,
  flags: {},
};

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function booleans(value: unknown): Record<string, boolean> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
    ),
  );
}

export async function fetchAppConfig(): Promise<AppConfig> {
  const raw = await getJson<Record<string, unknown>>('/config.json');
  return {
    tenantId: str(raw.tenantId) ?? FALLBACK.tenantId,
    googleSignIn: raw.googleSignIn === true,
    version: str(raw.version),
    chatWidgetUrl: str(raw.chatWidgetUrl),
    supportUrl: str(raw.supportUrl),
    mapsApiKey: str(raw.mapsApiKey),
    flags: booleans(raw.flags),
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

/** The config outside React (the flag provider): the cached copy, or one fetch. */
export function loadAppConfig(queryClient: QueryClient): Promise<AppConfig> {
  return queryClient.fetchQuery(appConfigQuery);
}

/** For event handlers that need the config now (the cached copy, or one fetch). */
export function useLoadAppConfig(): () => Promise<AppConfig> {
  const queryClient = useQueryClient();
  return useCallback(() => loadAppConfig(queryClient), [queryClient]);
}
