/** Sign-in and token exchange over HTTP, as the web app does them. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { idToken?: string };
  if (!response.ok || !body.idToken) {
    throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.idToken;
}

export async function exchangeForAccessToken(baseUrl: string, idToken: string): Promise<string> {
  const response = await fetch(`${baseUrl}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      client_id: 'customer-portal',
      scope: 'graphql',
      subject_token: idToken,
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) {
    throw new Error(`token exchange failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.access_token;
}

export async function accessTokenFor(
  baseUrl: string,
  email: string,
  password: string,
): Promise<string> {
  return exchangeForAccessToken(baseUrl, await signIn(baseUrl, email, password));
}
