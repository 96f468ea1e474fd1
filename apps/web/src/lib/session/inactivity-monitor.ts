import { INACTIVITY_COUNTDOWN_SECONDS, INACTIVITY_TIMEOUT_MS } from '@portal/domain';

export type InactivityState = { phase: 'active' } | { phase: 'warning'; secondsLeft: number };

export interface InactivityOptions {
  timeoutMs?: number;
  countdownSeconds?: number;
  /** An already expired token logs out at once, without the countdown. */
  isTokenExpired: () => boolean;
  onChange: (state: InactivityState) => void;
  onExpire: () => void;
  win?: Window;
  doc?: Document;
}

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'touchstart'] as const;

/**
 * Spec 01 §4: after 1 hour without mouse move, key, click or touch, a warning counts down 60
 * seconds and then logs out. A hidden tab holds the warning until the user returns. "Stay
 * logged in" resets the timer. Activity only stamps a time; one timer re-arms itself, so a
 * stream of mouse moves costs nothing.
 */
export class InactivityMonitor {
  private readonly timeoutMs: number;
  private readonly countdownSeconds: number;
  private readonly win: Window;
  private readonly doc: Document;
  private lastActivity = Date.now();
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private countdownTimer: ReturnType<typeof setInterval> | undefined;
  private deadline = 0;
  private waitingForVisible = false;
  private warning = false;
  private running = false;

  constructor(private readonly options: InactivityOptions) {
    this.timeoutMs = options.timeoutMs ?? INACTIVITY_TIMEOUT_MS;
    this.countdownSeconds = options.countdownSeconds ?? INACTIVITY_COUNTDOWN_SECONDS;
    this.win = options.win ?? window;
    this.doc = options.doc ?? document;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.lastActivity = Date.now();
    for (const type of ACTIVITY_EVENTS) {
      this.win.addEventListener(type, this.onActivity, { passive: true, capture: true });
    }
    this.doc.addEventListener('visibilitychange', this.onVisibility);
    this.arm(this.timeoutMs);
  }

  stop(): void {
    this.running = false;
    for (const type of ACTIVITY_EVENTS) {
      this.win.removeEventListener(type, this.onActivity, { capture: true });
    }
    this.doc.removeEventListener('visibilitychange', this.onVisibility);
    clearTimeout(this.idleTimer);
    clearInterval(this.countdownTimer);
  }

  stayLoggedIn(): void {
    clearInterval(this.countdownTimer);
    this.warning = false;
    this.waitingForVisible = false;
    this.lastActivity = Date.now();
    this.options.onChange({ phase: 'active' });
    this.arm(this.timeoutMs);
  }

  private readonly onActivity = () => {
    // While the warning shows, only the dialog's button keeps the session.
    if (!this.warning) this.lastActivity = Date.now();
  };

  private readonly onVisibility = () => {
    if (this.waitingForVisible && this.doc.visibilityState === 'visible') {
      this.waitingForVisible = false;
      this.beginWarning();
    }
  };

  private arm(delayMs: number): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(this.onIdleCheck, Math.max(0, delayMs));
  }

  private readonly onIdleCheck = () => {
    if (!this.running) return;
    const idleFor = Date.now() - this.lastActivity;
    if (idleFor < this.timeoutMs) {
      this.arm(this.timeoutMs - idleFor);
      return;
    }
    if (this.doc.visibilityState === 'hidden') {
      this.waitingForVisible = true;
      return;
    }
    this.beginWarning();
  };

  private beginWarning(): void {
    if (this.options.isTokenExpired()) {
      this.expire();
      return;
    }
    this.warning = true;
    this.deadline = Date.now() + this.countdownSeconds * 1000;
    this.options.onChange({ phase: 'warning', secondsLeft: this.countdownSeconds });
    clearInterval(this.countdownTimer);
    this.countdownTimer = setInterval(this.tick, 1000);
  }

  private readonly tick = () => {
    // Computed from the deadline, so a throttled or frozen timer cannot stretch the minute.
    const secondsLeft = Math.max(0, Math.ceil((this.deadline - Date.now()) / 1000));
    if (secondsLeft === 0) {
      this.expire();
      return;
    }
    this.options.onChange({ phase: 'warning', secondsLeft });
  };

  private expire(): void {
    this.stop();
    this.warning = false;
    this.options.onExpire();
  }
}
