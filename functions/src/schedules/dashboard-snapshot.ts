import { storeSnapshot } from '../coordination';
import { logger } from '../lib/powertools';
import { scheduleHandler } from '../lib/schedule-handler';

/** Every few minutes: the coordinator dashboard's snapshot, computed as of when the schedule was due and stored. */
export const handler = scheduleHandler('dashboard-snapshot', async ({ scheduledTime }) => {
  const snapshot = await storeSnapshot(scheduledTime);
  logger.info('Dashboard snapshot stored', { items: snapshot.attention.length, readCapacityUnits: snapshot.readCapacityUnits, computeMs: snapshot.computeMs });
});
