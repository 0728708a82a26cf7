import { useSyncExternalStore } from 'react';

/** Chromium's beforeinstallprompt event: the browser's own install dialog, shown when the page asks. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const set = (event: InstallPromptEvent | null) => {
  deferred = event;
  listeners.forEach((listener) => listener());
};

/**
 * Keeps the browser's install prompt from start-up on: it arrives once, soon after load, usually before the member
 * opens /app, where 添加到主屏幕 shows it. The browser's own mini-bar is held back meanwhile.
 */
export function captureInstallPrompt() {
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    set(event as InstallPromptEvent);
  });
  addEventListener('appinstalled', () => set(null));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The install prompt while the browser offers one; `install` shows it once (a prompt cannot be shown twice). */
export function useInstallPrompt(): { available: boolean; install: () => Promise<void> } {
  const event = useSyncExternalStore(subscribe, () => deferred);
  return {
    available: event !== null,
    install: async () => {
      if (!event) return;
      set(null);
      await event.prompt();
      await event.userChoice;
    },
  };
}
