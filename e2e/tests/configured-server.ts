// The suite's second server (playwright.config.ts starts it on the E2E port + 1): the optional
// outside services configured. SUPPORT_URL is a help center; CHAT_WIDGET_URL a host no one
// resolves, whose script the spec answers with page.route; the Google issuer is discovered
// only when someone starts a Google sign-in, so an unreachable one is enough to show the button.
const port = Number(process.env.E2E_PORT ?? '3100') + 1;

export const CONFIGURED_SERVER = {
  port: String(port),
  url: `http://localhost:${port}`,
  supportUrl: 'https://help.example.com/hc/requests/new',
  chatWidgetUrl: 'http://chat.e2e.invalid/widget.js',
  googleIssuer: 'http://127.0.0.1:9/e2e-issuer',
  staffApiKey: 'e2e-configured-staff-key-0123456789',
} as const;
