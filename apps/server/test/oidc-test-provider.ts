import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
// @ts-expect-error oidc-provider ships no type declarations; the parts used are typed below.
import * as oidcProvider from 'oidc-provider';

interface Interaction {
  prompt: { name: string };
  params: Record<string, unknown>;
  session?: { accountId: string };
}

interface ProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  Grant: new (props: { accountId: string; clientId: string }) => {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
}

interface OidcModule {
  Provider: new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;
  interactionPolicy: {
    base(): { add(prompt: unknown, index?: number): void };
    Prompt: new (options: { name: string; requestable: boolean }) => unknown;
  };
}

const { Provider, interactionPolicy } = oidcProvider as unknown as OidcModule;

export interface GoogleAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Makes the account known and the one the account chooser picks next. */
  choose(account: GoogleAccount): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider on a random port standing in for Google. Its login, account chooser
 * and consent screens answer at once for the chosen account, so a test only follows redirects.
 */
export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const accounts = new Map<string, GoogleAccount>();
  let chosen: GoogleAccount | undefined;
  const clientId = 'portal-test';
  const clientSecret = randomBytes(24).toString('base64url');

  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  // Google honours prompt=select_account; oidc-provider only knows prompts it is given.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    // Set explicitly only to keep the provider from printing a notice for each default.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google: email claims in the ID token, not only at userinfo.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      return (
        account && {
          accountId: id,
          claims: () => ({ sub: id, email: account.email, email_verified: account.emailVerified }),
        }
      );
    },
  });

  async function interact(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'consent') {
      const grant = new provider.Grant({
        accountId: details.session?.accountId ?? '',
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope('openid email profile');
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } });
      return;
    }
    if (!chosen) throw new Error('no Google account chosen');
    await provider.interactionFinished(req, res, {
      select_account: {},
      login: { accountId: chosen.sub },
    });
  }

  const callback = provider.callback();
  handle = (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    interact(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  };

  return {
    issuer,
    clientId,
    clientSecret,
    choose(account) {
      accounts.set(account.sub, account);
      chosen = account;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Follows redirects as a browser would, keeping the provider's cookies, from the start URL
 * until the portal sends the browser into the app; returns that last Location. `onCallback`
 * sees (and may replace) the provider's redirect to the portal callback.
 */
export async function followSignIn(
  startUrl: string,
  portalUrl: string,
  onCallback: (url: URL) => URL = (url) => url,
): Promise<URL> {
  const portal = new URL(portalUrl).origin;
  const jar = new Map<string, string>();
  let url = new URL(startUrl);
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.origin === portal && url.pathname === '/identity/google/callback')
      url = onCallback(url);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      if (value === '') jar.delete(name);
      else jar.set(name, value);
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(
        `no redirect from ${url.pathname}: ${response.status} ${await response.text()}`,
      );
    const next = new URL(location, url);
    if (next.origin === portal && !next.pathname.startsWith('/identity/google/')) return next;
    url = next;
  }
  throw new Error('too many redirects');
}
