import { CHAT_WIDGET_HIDDEN_PATHS } from '@portal/domain';

// Spec 01 §1: a chat widget script is loaded when configured, and hidden on /message,
// /bulk-payment, /forms and /henryForms. The script is any vendor's; it is hidden through a
// body class that a stylesheet rule applies to the widget's host element, and through the
// vendor's own show/hide hooks when it exposes `window.portalChatWidget`.

const SCRIPT_ID = 'portal-chat-widget';
export const CHAT_HIDDEN_CLASS = 'chat-widget-hidden';

declare global {
  interface Window {
    portalChatWidget?: { show?: () => void; hide?: () => void };
  }
}

export function isChatHiddenOn(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return CHAT_WIDGET_HIDDEN_PATHS.some((prefix) => {
    // A prefix match: '/message' also covers '/messages' and '/messages/{id}'.
    return path.startsWith(prefix.toLowerCase());
  });
}

export function loadChatWidget(url: string): void {
  if (document.getElementById(SCRIPT_ID)) return;
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.src = url;
  script.async = true;
  document.body.appendChild(script);
}

export function setChatWidgetHidden(hidden: boolean): void {
  document.body.classList.toggle(CHAT_HIDDEN_CLASS, hidden);
  if (hidden) window.portalChatWidget?.hide?.();
  else window.portalChatWidget?.show?.();
}
