import { describe, expect, inject, it } from 'vitest';
import { LOCAL_ONLY_HANDLES } from './global-setup';

describe('what the suite is given of its stage', () => {
  it('holds a local-only handle only when the local stage runs as itself, never as deployed or against AWS', () => {
    const local = inject('isLocal');
    if (inject('asDeployed')) expect(local).toBe(false);
    expect(Object.fromEntries(LOCAL_ONLY_HANDLES.map((handle) => [handle, inject(handle) !== null]))).toEqual(Object.fromEntries(LOCAL_ONLY_HANDLES.map((handle) => [handle, local])));
    if (local) return;
    // What a deployed stage's outputs give, and nothing else: every address is the stage's own or its mail event queue's.
    const given = { baseUrl: inject('baseUrl'), tables: inject('tables'), mailEventsQueueUrl: inject('mailEventsQueueUrl') };
    const addresses = JSON.stringify(given).match(/https?:\/\/[^"]+/g) ?? [];
    expect(addresses.filter((address) => !address.startsWith(given.baseUrl) && address !== given.mailEventsQueueUrl)).toEqual([]);
  });
});
