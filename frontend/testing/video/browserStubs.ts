import { vi } from 'vitest';

/**
 * What jsdom lacks and the SDK's components use: layout observers (they never report, as in a page that is
 * not laid out) and media devices (this browser has none, and the user has not granted any).
 */
export const installBrowserStubs = () => {
  class InertObserver {
    readonly root: Element | Document | null;
    constructor(_callback: unknown, options?: { root?: Element | Document | null }) {
      this.root = options?.root ?? null;
    }
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', InertObserver);
  vi.stubGlobal('ResizeObserver', InertObserver);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: Object.assign(new EventTarget(), {
      enumerateDevices: async () => [],
      getUserMedia: async () => {
        throw new DOMException('Permission denied', 'NotAllowedError');
      },
    }),
  });
};
