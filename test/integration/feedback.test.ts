import { afterAll, describe, expect, it } from 'vitest';
import { api, postJson } from './support/api';
import { countItems, deleteItem, getItem, tableName } from './support/db';

const valid = { source: '/about', rating: 4, feedbackType: 'global', answers: ['The mentor matching was quick.'] };

describe('GET /api/health', () => {
  it('answers ok with the stage and version', async () => {
    const response = await api('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', stage: expect.any(String), version: expect.any(String) });
  });
});

describe('POST /api/feedback', () => {
  const created: string[] = [];
  afterAll(async () => {
    for (const id of created) await deleteItem(tableName('feedback'), { id });
  });

  it('stores the message in DynamoDB and answers 201 with its id', async () => {
    const response = await postJson('/api/feedback', valid);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    created.push(id);
    const item = await getItem(tableName('feedback'), { id });
    expect(item).toEqual({ ...valid, id, userId: null, createdAt: expect.any(String) });
    expect(Date.now() - Date.parse(item!.createdAt as string)).toBeLessThan(60_000);
  });

  it('stores an unrated, empty message as the dialog may send it', async () => {
    const response = await postJson('/api/feedback', { source: '/', rating: null, feedbackType: 'match', answers: [''] });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    created.push(id);
    expect(await getItem(tableName('feedback'), { id })).toMatchObject({ rating: null, feedbackType: 'match', answers: [''] });
  });

  const badInputs: [string, () => Promise<Response>, number, string][] = [
    ['malformed JSON', () => postJson('/api/feedback', '{"source": "/",'), 400, 'validation_failed'],
    ['an empty body', () => postJson('/api/feedback', ''), 400, 'validation_failed'],
    ['a JSON array', () => postJson('/api/feedback', []), 400, 'validation_failed'],
    ['rating 0', () => postJson('/api/feedback', { ...valid, rating: 0 }), 400, 'validation_failed'],
    ['rating 6', () => postJson('/api/feedback', { ...valid, rating: 6 }), 400, 'validation_failed'],
    ['rating 2.5', () => postJson('/api/feedback', { ...valid, rating: 2.5 }), 400, 'validation_failed'],
    ['rating "5"', () => postJson('/api/feedback', { ...valid, rating: '5' }), 400, 'validation_failed'],
    ['an unknown feedbackType', () => postJson('/api/feedback', { ...valid, feedbackType: 'mentor' }), 400, 'validation_failed'],
    ['11 answers', () => postJson('/api/feedback', { ...valid, answers: Array(11).fill('ok') }), 400, 'validation_failed'],
    ['an answer of 5001 characters', () => postJson('/api/feedback', { ...valid, answers: ['x'.repeat(5001)] }), 400, 'validation_failed'],
    ['a source that is not a path', () => postJson('/api/feedback', { ...valid, source: 'about' }), 400, 'validation_failed'],
    ['a protocol-relative source', () => postJson('/api/feedback', { ...valid, source: '//evil.example/login' }), 400, 'validation_failed'],
    ['a source with a backslash', () => postJson('/api/feedback', { ...valid, source: '/\\evil.example/login' }), 400, 'validation_failed'],
    ['a missing feedbackType', () => postJson('/api/feedback', { source: '/', answers: [] }), 400, 'validation_failed'],
    ['a text/plain body', () => postJson('/api/feedback', valid, { 'content-type': 'text/plain' }), 415, 'unsupported_media_type'],
    ['a form body', () => postJson('/api/feedback', 'source=%2F', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'unsupported_media_type'],
    ['a body over 64 KiB', () => postJson('/api/feedback', { ...valid, answers: Array(10).fill('x'.repeat(5000)), pad: 'y'.repeat(20_000) }), 413, 'payload_too_large'],
    ['an unknown method', () => api('/api/feedback', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(valid) }), 404, 'not_found'],
    ['an unknown route', () => postJson('/api/feedbacks', valid), 404, 'not_found'],
  ];

  it(`answers each of ${badInputs.length} bad inputs with its documented status and stores nothing`, async () => {
    const table = tableName('feedback');
    const before = await countItems(table);
    for (const [name, send, status, code] of badInputs) {
      const response = await send();
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect({ name, status: response.status, code: body.error.code }).toEqual({ name, status, code });
      expect(body.error.message, name).toEqual(expect.any(String));
    }
    expect(await countItems(table)).toBe(before);
  });
});
