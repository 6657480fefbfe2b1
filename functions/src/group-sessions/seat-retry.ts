import { conflict } from '../lib/domain-error';
import { SeatChangeCancelled } from './repository';

/** Tries of a sign-up or leave that lost a race: enough for a crowd of sign-ups to land one by one. */
const SEAT_ATTEMPTS = 40;

/** Full jitter, growing: tries that collided spread out instead of colliding again. */
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(25 * 2 ** attempt, 800)));

/**
 * Runs one try of a seat change (read, decide, one transaction) until a try's transaction lands. A try whose
 * transaction was cancelled lost a race to another write (or met a condition it read as met): the next try reads
 * again after a pause. When every try lost, the member is told `busy` and may try again.
 */
export const retrySeatChange = async <T>(tryOnce: () => Promise<T>, busy: string): Promise<T> => {
  for (let attempt = 1; attempt <= SEAT_ATTEMPTS; attempt += 1) {
    try {
      return await tryOnce();
    } catch (error) {
      if (!(error instanceof SeatChangeCancelled)) throw error;
      await pause(attempt);
    }
  }
  throw conflict('changed_meanwhile', busy);
};
