import { describe, expect, it } from 'vitest';
import { freePort } from './ports';

describe('freePort', () => {
  it('never hands out the same port twice, though the OS offers a just-closed port again', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 1000; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
  });
});
