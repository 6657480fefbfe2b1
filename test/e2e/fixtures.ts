import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, which closes at the end of each test the browser contexts the test opened on the worker's
 * browser (signedInPage, a guest's own context, a second member). Playwright closes only the `page` fixture's: the
 * others stayed open for the rest of the run, their pages still polling, holding chat sockets and calls.
 */
export const test = base.extend<{ closesItsContexts: void }>({
  closesItsContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close()));
    },
    { auto: true },
  ],
});
