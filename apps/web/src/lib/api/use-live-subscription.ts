import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useServices, useSession } from '../services';
import type { SessionManager } from '../session/session-manager';
import type { GraphqlDocument } from './graphql-client';
import { createLiveClient, type LiveClient } from './live-client';

// One socket per session manager (per tab), shared by every subscription; closed on sign-out.
const clients = new WeakMap<SessionManager, LiveClient>();

function liveClientFor(session: SessionManager, queryClient: QueryClient): LiveClient {
  let client = clients.get(session);
  if (!client) {
    const created = createLiveClient({
      getAccessToken: () => session.getAccessToken(),
      refreshAccessToken: () => session.refreshAccessToken(),
      // Whatever changed while the socket was away (another instance took over after a drain)
      // sent its event to nobody: the screens on show read their data again (issue 40).
      onReconnected: () => void queryClient.invalidateQueries(),
    });
    session.onSignedOut(() => created.dispose());
    clients.set(session, created);
    client = created;
  }
  return client;
}

/**
 * Calls `onEvent` for each event of a graphql-ws subscription while signed in. Component tests
 * (jsdom, no server) run without a socket.
 */
export function useLiveSubscription<TResult>(
  document: GraphqlDocument<TResult, Record<string, never>>,
  onEvent: (data: TResult) => void,
  enabled = true,
): void {
  const { session } = useServices();
  const queryClient = useQueryClient();
  const { status } = useSession();
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const active = enabled && status === 'authenticated' && import.meta.env.MODE !== 'test';
  useEffect(() => {
    if (!active) return undefined;
    return liveClientFor(session, queryClient).subscribe(document, (data) => handler.current(data));
  }, [active, session, queryClient, document]);
}
