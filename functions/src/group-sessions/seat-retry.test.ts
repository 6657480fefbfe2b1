import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../lib/domain-error';
import { SeatChangeCancelled } from './repository';
import { retrySeatChange } from './seat-retry';

describe('retrySeatChange', () => {
  // No jitter: the pauses take no time.
  const random = vi.spyOn(Math, 'random').mockReturnValue(0);
  afterEach(() => random.mockClear());

  it('tries again after a try that lost a race, and answers with the try that landed', async () => {
    const tryOnce = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new SeatChangeCancelled()).mockRejectedValueOnce(new SeatChangeCancelled()).mockResolvedValue('landed');
    await expect(retrySeatChange(tryOnce, 'busy')).resolves.toBe('landed');
    expect(tryOnce).toHaveBeenCalledTimes(3);
  });

  it('passes any other failure through at once', async () => {
    const refusal = new DomainError('forbidden', 'no');
    const tryOnce = vi.fn<() => Promise<string>>().mockRejectedValue(refusal);
    await expect(retrySeatChange(tryOnce, 'busy')).rejects.toBe(refusal);
    expect(tryOnce).toHaveBeenCalledTimes(1);
  });

  it('gives up after 40 lost tries with a conflict that says so', async () => {
    const tryOnce = vi.fn<() => Promise<string>>().mockRejectedValue(new SeatChangeCancelled());
    const failure = await retrySeatChange(tryOnce, 'Many at once: try again.').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ code: 'conflict', reason: 'changed_meanwhile', message: 'Many at once: try again.' });
    expect(tryOnce).toHaveBeenCalledTimes(40);
  });
});
