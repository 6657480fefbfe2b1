import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorMessage, networkMessage, RETRY_DELAY_MS, setIdTokenSource } from './api-client';

const fetchMock = vi.fn<typeof fetch>();
const respond = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  setIdTokenSource(async () => null);
});

describe('api client', () => {
  it('builds method, path and query from the route key and input, and reads the answer', async () => {
    fetchMock.mockResolvedValue(respond({ recordings: [], transcriptions: [] }));
    const answer = await api('GET /api/calls/{type}/{id}/artifacts', { params: { type: 'default', id: 'a b' } });
    expect(answer).toEqual({ recordings: [], transcriptions: [] });
    expect(fetchMock).toHaveBeenCalledWith('/api/calls/default/a%20b/artifacts', expect.objectContaining({ method: 'GET', body: undefined }));

    fetchMock.mockResolvedValue(respond({ token: 't', apiKey: 'k' }));
    await api('GET /api/chat/getOrCreateToken', { query: { isGuest: 'true', streamChatUuid: 'guest-1' } });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/chat/getOrCreateToken?isGuest=true&streamChatUuid=guest-1');
  });

  it('sends a JSON body, and the ID token only when a member is signed in', async () => {
    fetchMock.mockImplementation(async () => respond({ id: '0b7f3c1e-5d2a-4c8e-9f61-2a3b4c5d6e7f' }, 201));
    const body = { source: '/', rating: null, feedbackType: 'global' as const, answers: [] };
    await api('POST /api/feedback', { body });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    expect(fetchMock.mock.calls[0]![1]!.headers).not.toHaveProperty('authorization');

    setIdTokenSource(async () => 'id.token.sig');
    await api('POST /api/feedback', { body });
    expect(fetchMock.mock.calls[1]![1]!.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer id.token.sig' });
  });

  it('reads the documented error shape into an ApiError', async () => {
    fetchMock.mockResolvedValue(respond({ error: { code: 'validation_failed', message: 'The request body is invalid.', issues: [{ path: ['rating'] }] } }, 400));
    const error = (await api('GET /api/me').catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'The request body is invalid.', issues: [{ path: ['rating'] }] });
  });

  it.each([
    [401, { message: 'Unauthorized' }, 'Your sign-in has expired. Please sign in again.'],
    [502, '<html>Bad Gateway</html>', 'Something went wrong on our side. Please try again.'],
    [429, '', 'Too many requests just now. Please wait a moment and try again.'],
  ])('turns a %i outside the documented shape into words', async (status, body, words) => {
    fetchMock.mockResolvedValue(respond(body, status));
    const error = await api('GET /api/me').catch((caught: unknown) => caught);
    expect(errorMessage(error)).toBe(words);
  });

  describe('a create a client may retry', () => {
    const body = { source: '/', rating: 4, feedbackType: 'global' as const, answers: [] };
    const keyOf = (call: number) => (fetchMock.mock.calls[call]![1]!.headers as Record<string, string>)['idempotency-key'];
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('carries a new Idempotency-Key on each call, and a route that is no such create carries none', async () => {
      fetchMock.mockImplementation(async () => respond({ id: '0b7f3c1e-5d2a-4c8e-9f61-2a3b4c5d6e7f' }, 201));
      await api('POST /api/feedback', { body });
      await api('POST /api/feedback', { body });
      expect(keyOf(0)).toMatch(/^[0-9a-f-]{36}$/);
      expect(keyOf(1)).toMatch(/^[0-9a-f-]{36}$/);
      expect(keyOf(1)).not.toBe(keyOf(0));
      fetchMock.mockResolvedValue(respond({ blocked: true }));
      await api('POST /api/members/{id}/block', { params: { id: 'someone' } });
      expect(fetchMock.mock.calls[2]![1]!.headers).not.toHaveProperty('idempotency-key');
    });

    it.each([
      ['a dropped connection', () => Promise.reject(new TypeError('Failed to fetch'))],
      ['a 503', async () => respond({ error: { code: 'unavailable', message: 'Try again.' } }, 503)],
      ['a 504', async () => respond({ error: { code: 'gateway_timeout', message: 'Too long.' } }, 504)],
    ])('is tried once more with the same key after %s, and answers what the retry answers', async (_, firstAnswer) => {
      fetchMock.mockImplementationOnce(firstAnswer).mockImplementationOnce(async () => respond({ id: '0b7f3c1e-5d2a-4c8e-9f61-2a3b4c5d6e7f' }, 201));
      const answer = api('POST /api/feedback', { body });
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
      await expect(answer).resolves.toEqual({ id: '0b7f3c1e-5d2a-4c8e-9f61-2a3b4c5d6e7f' });
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(keyOf(1)).toBe(keyOf(0));
    });

    it('is tried twice at most, and not again after an answer that says what happened', async () => {
      fetchMock.mockImplementation(async () => respond({ error: { code: 'unavailable', message: 'Still down.' } }, 503));
      const answer = api('POST /api/feedback', { body }).catch((caught: unknown) => caught);
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
      expect(await answer).toMatchObject({ status: 503, message: 'Still down.' });
      expect(fetchMock).toHaveBeenCalledTimes(2);

      fetchMock.mockReset();
      fetchMock.mockResolvedValue(respond({ error: { code: 'conflict', message: 'Already sent.' } }, 409));
      await expect(api('POST /api/feedback', { body })).rejects.toMatchObject({ status: 409 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('is not retried when it is not such a create: a lost answer there is the member\'s to judge', async () => {
      fetchMock.mockResolvedValue(respond({ error: { code: 'unavailable', message: 'Down.' } }, 503));
      await expect(api('POST /api/members/{id}/block', { params: { id: 'someone' } })).rejects.toMatchObject({ status: 503 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });

  it('says the server could not be reached on a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await api('GET /api/me').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, code: 'network', message: networkMessage });
  });
});
