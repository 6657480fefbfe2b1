import type { Page } from '@playwright/test';

/**
 * Stream's video hosts for a signed-in member, scripted at the network boundary (the local stage's Stream
 * stand-in serves chat, which the member's chat client really uses; video is not imitated there yet): the video
 * socket answers connection.ok as Stream does and the REST API answers an empty list of recent calls. With
 * `stall`, the video socket opens and never answers, and so does the chat socket of the stand-in (chat connects on
 * its own, only on the pages that show it): the connection must then end in the error state by itself.
 */
export const scriptMemberStream = async (page: Page, { stall = false }: { stall?: boolean } = {}) => {
  // The stand-in's chat socket (`/connect`, beside its video API under `/video`), opened and never answered.
  if (stall) await page.routeWebSocket(/^wss?:\/\/[^/]+\/connect(\?|$)/, () => undefined);
  await page.route('https://hint.stream-io-video.com/**', (route) => route.fulfill({ status: 200, headers: { 'x-amz-cf-pop': 'AMS1-P2' }, body: '' }));
  await page.route('https://video.stream-io-api.com/**', (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname.endsWith('/calls')) return route.fulfill({ json: { calls: [], duration: '1ms' } });
    return route.fulfill({ status: 404, json: { code: 16, message: 'not scripted', StatusCode: 404, duration: '1ms' } });
  });
  await page.routeWebSocket(/video\.stream-io-api\.com\/video\/connect/, (socket) => {
    socket.onMessage((message) => {
      if (stall) return;
      const auth = JSON.parse(String(message)) as { token?: string; user_details?: { id: string; name?: string } };
      if (!auth.token || !auth.user_details) return;
      const now = new Date().toISOString();
      socket.send(
        JSON.stringify({
          type: 'connection.ok',
          connection_id: 'e2e-video',
          created_at: now,
          me: { id: auth.user_details.id, name: auth.user_details.name, role: 'user', custom: {}, teams: [], created_at: now, updated_at: now },
        }),
      );
    });
  });
};
