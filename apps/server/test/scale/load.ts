import { json, operation, request, type Session } from './clients';

// The scale test's traffic through nginx: customers reading their data as the web app does
// (a GET by persisted id, a POST with variables) and the care team posting messages.

export interface Outcome {
  started: number;
  kind: 'read' | 'post';
  status?: number;
  error?: string;
}

export interface Load {
  outcomes: Outcome[];
  /** Message ids answered 201, by customer index. */
  posted: string[][];
  failed(): Outcome[];
  describeFailures(): string;
  stop(): Promise<void>;
}

export function driveLoad(options: {
  proxy: string;
  clients: number;
  from: (client: number) => string;
  sessions: Session[];
  customers: string[];
  staffAccess: string;
}): Load {
  const { proxy, sessions, customers, staffAccess } = options;
  const outcomes: Outcome[] = [];
  const posted: string[][] = customers.map(() => []);
  let running = true;
  // One client in five is the care team posting; the others are customers reading.
  const client = async (j: number) => {
    const from = options.from(j);
    for (let i = 0; running; i += 1) {
      const started = Date.now();
      const customer = (j + i) % customers.length;
      const writer = j % 5 === 0;
      try {
        const answer = writer
          ? await request(`${proxy}/staff/customers/${customers[customer]}/messages`, {
              from,
              method: 'POST',
              headers: { authorization: `Bearer ${staffAccess}` },
              body: JSON.stringify({ type: 'treatment_update', html: `<p>message ${i}</p>` }),
            })
          : i % 2 === 0
            ? await operation(proxy, from, sessions[j % sessions.length]!.access, 'GetCustomerData')
            : await operation(
                proxy,
                from,
                sessions[j % sessions.length]!.access,
                'GetProviderMessages',
                {
                  customerId: customers[j % customers.length],
                },
              );
        outcomes.push({ started, kind: writer ? 'post' : 'read', status: answer.status });
        if (writer && answer.status === 201)
          posted[customer]!.push(json<{ id: string }>(answer).id);
        if (!writer && answer.status === 200 && json<{ errors?: unknown }>(answer).errors) {
          outcomes[outcomes.length - 1]!.status = -1;
        }
      } catch (error) {
        outcomes.push({
          started,
          kind: writer ? 'post' : 'read',
          error: (error as { code?: string }).code ?? String(error),
        });
      }
      // About 20 requests a second per client: well under each address' 600 a minute.
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  };
  const clients = Array.from({ length: options.clients }, (_, j) => client(j));
  const failed = () =>
    outcomes.filter((o) => o.error !== undefined || (o.status !== 200 && o.status !== 201));
  return {
    outcomes,
    posted,
    failed,
    describeFailures: () => {
      const counts = new Map<string, number>();
      for (const o of failed()) {
        const key = `${o.kind} ${o.error ?? (o.status === -1 ? 'GraphQL error' : String(o.status))}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return [...counts].map(([key, n]) => `${n}× ${key}`).join(', ');
    },
    stop: async () => {
      running = false;
      await Promise.all(clients);
    },
  };
}
