/**
 * Conformance, device half (docs/product-spec.md, points 4 and 8): a browser that denies camera and microphone. Its own file
 * because the SDK keeps browser permissions in module-wide state.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sdkMessages } from '@testing/video/sdkMessages';
import { installBrowserStubs } from '@testing/video/browserStubs';
import { createOfflineClient } from '@testing/video/offlineStream';

beforeAll(installBrowserStubs);

/** The latest value of one of the SDK's state observables. */
const current = <T,>(observable: { subscribe: (next: (value: T) => void) => { unsubscribe: () => void } }) => {
  let value: T | undefined;
  observable.subscribe((next) => (value = next)).unsubscribe();
  return value;
};

describe('denied browser permissions', () => {
  it('a denied camera permission sets the denied state, and the SDK does not prompt again', async () => {
    const { client } = await createOfflineClient({ userId: 'alice', connect: false });
    const call = client.call('default', 'devices');
    await call.camera.enable().catch(() => undefined);
    expect(current(call.camera.state.hasBrowserPermission$)).toBe(false);
    expect(call.camera.state.status).not.toBe('enabled');
    await expect(call.camera.enable()).rejects.toThrow(sdkMessages.permissionPromptNotAllowed);
  });
});
