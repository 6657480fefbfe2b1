import { describe, expect, it } from 'vitest';
import { feedbackInputSchema } from './feedback';

const valid = { source: '/about', rating: 4, feedbackType: 'global', answers: ['Lovely'] };

describe('feedbackInputSchema', () => {
  it.each([
    ['a full message', valid],
    ['no rating', { ...valid, rating: undefined }],
    ['a null rating', { ...valid, rating: null }],
    ['an empty answer (no client-side validation)', { ...valid, answers: [''] }],
    ['the match type', { ...valid, feedbackType: 'match' }],
    ['a path with a query', { ...valid, source: '/calls?x=1' }],
    ['the root path', { ...valid, source: '/' }],
    ['a path with a double slash further on', { ...valid, source: '/calls//x' }],
  ])('accepts %s', (_, input) => {
    expect(feedbackInputSchema.safeParse(input).success).toBe(true);
  });

  it.each([
    ['rating 0', { ...valid, rating: 0 }],
    ['rating 6', { ...valid, rating: 6 }],
    ['rating 2.5', { ...valid, rating: 2.5 }],
    ['rating "5"', { ...valid, rating: '5' }],
    ['an unknown type', { ...valid, feedbackType: 'mentor' }],
    ['11 answers', { ...valid, answers: Array(11).fill('x') }],
    ['a 5001-character answer', { ...valid, answers: ['x'.repeat(5001)] }],
    ['a source that is not a path', { ...valid, source: 'https://example.org/' }],
    ['a protocol-relative source', { ...valid, source: '//evil.example/login' }],
    ['a source of only two slashes', { ...valid, source: '//' }],
    ['a source with a backslash after the slash', { ...valid, source: '/\\evil.example/login' }],
    ['a source with a backslash further on', { ...valid, source: '/about\\..\\admin' }],
    ['a source with a control character', { ...valid, source: '/about\u0000' }],
    ['a 2049-character source', { ...valid, source: `/${'a'.repeat(2048)}` }],
    ['answers that are not strings', { ...valid, answers: [1] }],
    ['no answers', { source: '/', feedbackType: 'global' }],
  ])('rejects %s', (_, input) => {
    expect(feedbackInputSchema.safeParse(input).success).toBe(false);
  });
});
