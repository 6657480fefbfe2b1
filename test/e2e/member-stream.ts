import type { Page } from '@playwright/test';

/**
 * The stand-in's chat socket (`/connect`, beside its video API under `/video`) opens and never answers, as a
 * stalled Stream would: the chat connection must end in the error state by itself. Only the socket is scripted:
 * `page.route` would turn off the HTTP cache for the whole page.
 */
export const stallMemberChat = (page: Page) => page.routeWebSocket(/^wss?:\/\/[^/]+\/connect(\?|$)/, () => undefined);
