import type { Page } from '@playwright/test';

/**
 * Stream's hosts for a signed-in member, scripted at the network boundary (they cannot be reached from here):
 * the chat socket answers with its first health check and the video socket with connection.ok, as Stream does;
 * the REST APIs answer empty lists (no conversations, no recent calls). With `stall`, both sockets open and
 * never answer: the connection must then end in the error state by itself.
 */
export const scriptMemberStream = async (page: Page, { stall = false }: { stall?: boolean } = {}) => {
  await page.route('https://hint.stream-io-video.com/**', (route) => route.fulfill({ status: 200, headers: { 'x-amz-cf-pop': 'AMS1-P2' }, body: '' }));
  await page.route('https://chat.stream-io-api.com/**', (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/channels') return route.fulfill({ json: { channels: [], duration: '1ms' } });
    return route.fulfill({ json: { duration: '1ms' } });
  });
  await page.route('https://video.stream-io-api.com/**', (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname.endsWith('/calls')) return route.fulfill({ json: { calls: [], duration: '1ms' } });
    return route.fulfill({ status: 404, json: { code: 16, message: 'not scripted', StatusCode: 404, duration: '1ms' } });
  });
  await page.routeWebSocket(/chat\.stream-io-api\.com\/connect/, (socket) => {
    if (stall) return;
    const params = new URL(socket.url()).searchParams;
    const { user_id: id, user_details: details } = JSON.parse(params.get('json') ?? '{}') as { user_id: string; user_details?: { name?: string } };
    const now = new Date().toISOString();
    socket.send(
      JSON.stringify({
        type: 'health.check',
        connection_id: 'e2e-chat',
        cid: '*',
        created_at: now,
        me: { id, name: details?.name, role: 'user', mutes: [], channel_mutes: [], devices: [], unread_count: 0, total_unread_count: 0, unread_channels: 0, created_at: now, updated_at: now },
      }),
    );
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
