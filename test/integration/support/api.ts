import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

export const api = (path: string, init: RequestInit = {}) => fetch(`${baseUrl()}${path}`, init);

export const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
