import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { patientKey } from './patients';
import { queueKey } from './queue';
import { useCare } from './services';

// The patient page's live updates (issue 41): GET /staff/customers/:id/events, a server-sent
// event stream read through fetch (EventSource cannot send the staff token in a header, and the
// token never goes in a URL). Each change names a kind, never the data: the page's queries are
// marked stale and refetch with the token as usual. Between streams, and if the stream cannot
// be had, the queries still refetch when the window regains focus (care-app.tsx).

export interface PatientChange {
  kind: string;
  id?: string;
}

/** Complete `event:`/`data:` blocks out of the text read so far, and what is left over. */
export function parseServerEvents(buffer: string): {
  events: { event: string; data: string }[];
  rest: string;
} {
  const events: { event: string; data: string }[] = [];
  let rest = buffer.replace(/\r\n/g, '\n');
  let at: number;
  while ((at = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, at);
    rest = rest.slice(at + 2);
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/** Why a stream ended: the server closed it (open another), or it must not be tried again. */
type Ended = 'closed' | 'refused';

/** Reads one stream until it ends; each change goes to `onChange`. */
export async function followPatient(
  customerId: string,
  token: string,
  onChange: (change: PatientChange) => void,
  signal: AbortSignal,
): Promise<Ended> {
  const response = await fetch(`/staff/customers/${encodeURIComponent(customerId)}/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    credentials: 'omit',
    signal,
  });
  // A dead token, another role's or an unknown patient: the page's own requests say why.
  if (response.status >= 400 && response.status < 500) return 'refused';
  if (!response.ok || !response.body) return 'closed';
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return 'closed';
    const parsed = parseServerEvents(buffer + value);
    buffer = parsed.rest;
    for (const { event, data } of parsed.events) {
      if (event !== 'change') continue;
      try {
        onChange(JSON.parse(data) as PatientChange);
      } catch {
        // Not JSON: not an event of ours.
      }
    }
  }
}

const RETRY_MS = [1_000, 2_000, 5_000, 15_000, 30_000];

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** While the page is open: follow the patient's stream, and refetch what changed. */
export function usePatientLiveUpdates(customerId: string): void {
  const { session } = useCare();
  const client = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const changed = (change: PatientChange) => {
      void client.invalidateQueries({ queryKey: patientKey(customerId) });
      if (change.kind === 'claim' || change.kind === 'release') {
        void client.invalidateQueries({ queryKey: queueKey });
      }
    };
    void (async () => {
      for (let failures = 0; !signal.aborted;) {
        const token = session.get()?.accessToken;
        if (!token) return;
        let ended: Ended = 'closed';
        const started = Date.now();
        try {
          ended = await followPatient(customerId, token, changed, signal);
        } catch {
          // The network went away, or the page closed the stream (aborted).
        }
        if (ended === 'refused' || signal.aborted) return;
        // Changes while no stream was open: refetch once it is back.
        void client.invalidateQueries({ queryKey: patientKey(customerId) });
        failures = Date.now() - started > 60_000 ? 0 : failures + 1;
        await pause(RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? 30_000, signal);
      }
    })();
    return () => controller.abort();
  }, [customerId, session, client]);
}
