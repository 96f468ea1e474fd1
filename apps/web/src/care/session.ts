import { useSyncExternalStore } from 'react';

// The staff access token lives in memory, and in sessionStorage so that a reload keeps the
// session for the rest of its hour; never in localStorage, which every tab and every later
// visit would read (issue 41). The server's token has no refresh: when it runs out, or any
// request answers 401, the console goes back to sign-in.

const STORAGE_KEY = 'care.session';

export interface StaffSession {
  accessToken: string;
  /** Epoch milliseconds after which the token is no longer worth sending. */
  expiresAt: number;
  role: string;
}

type Listener = () => void;

export class CareSession {
  private current: StaffSession | null;
  private readonly listeners = new Set<Listener>();
  /** Why the last session ended, for the sign-in page to say (null after a sign-out). */
  endedReason: 'expired' | null = null;

  constructor(
    private readonly storage: Storage | null,
    private readonly now: () => number = Date.now,
  ) {
    this.current = this.read();
  }

  get(): StaffSession | null {
    if (this.current && this.current.expiresAt <= this.now()) this.end('expired');
    return this.current;
  }

  start(token: { access_token: string; expires_in: number; role: string }): void {
    this.current = {
      accessToken: token.access_token,
      expiresAt: this.now() + token.expires_in * 1000,
      role: token.role,
    };
    this.endedReason = null;
    this.storage?.setItem(STORAGE_KEY, JSON.stringify(this.current));
    this.emit();
  }

  end(reason: 'expired' | null = null): void {
    if (!this.current) return;
    this.current = null;
    this.endedReason = reason;
    this.storage?.removeItem(STORAGE_KEY);
    this.emit();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  private read(): StaffSession | null {
    try {
      const raw = this.storage?.getItem(STORAGE_KEY);
      if (!raw) return null;
      const value = JSON.parse(raw) as Partial<StaffSession>;
      if (typeof value.accessToken !== 'string' || typeof value.expiresAt !== 'number') {
        return null;
      }
      if (value.expiresAt <= this.now()) return null;
      return { accessToken: value.accessToken, expiresAt: value.expiresAt, role: value.role ?? '' };
    } catch {
      // A storage the browser refuses (private mode) or a value someone edited: start over.
      return null;
    }
  }
}

/** The session as React state: re-renders on sign-in and sign-out. */
export function useStaffSession(session: CareSession): StaffSession | null {
  return useSyncExternalStore(session.subscribe, () => session.get());
}
