import { useEffect, useRef } from 'react';

// Single-key shortcuts for the console (issue 41): only when no text field, menu or dialog
// has the keys, and never with a modifier, so typing and the browser's own shortcuts work.

export type ShortcutMap = Partial<Record<string, (event: KeyboardEvent) => void>>;

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit'].includes(type);
  }
  // An open dialog keeps focus inside it (MUI's focus trap), so its keys are its own.
  return target.closest('[role="dialog"], [role="menu"], [role="listbox"]') !== null;
}

export function useShortcuts(map: ShortcutMap, enabled = true): void {
  // The latest handlers, without re-adding the listener on every render.
  const current = useRef(map);
  current.current = map;
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingIn(event.target)) return;
      const handler = current.current[event.key];
      if (!handler) return;
      event.preventDefault();
      handler(event);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
