import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { APP_EVENT_SOURCE, appEventSchemas, STREAM_EVENT_SOURCE, type AppEventDetail, type AppEventType } from '@mentoring/shared';
import { requiredEnv } from './env';
import { traced } from './powertools';
import { sdkClientConfig } from './aws-clients';

/**
 * One client per container. Locally AWS_ENDPOINT_URL_EVENTBRIDGE points at the local stage's bus, which
 * speaks the PutEvents protocol, so the publishing code is the same in both runtimes.
 */
const client = traced(new EventBridgeClient(sdkClientConfig()));

export const busName = () => requiredEnv('EVENT_BUS_NAME');

/** Publishes one Stream event; throws unless the bus accepted it. */
export const publishStreamEvent = async (type: string, detail: string) => {
  const result = await client.send(
    new PutEventsCommand({
      Entries: [{ EventBusName: busName(), Source: STREAM_EVENT_SOURCE, DetailType: type, Detail: detail }],
    }),
  );
  const [entry] = result.Entries ?? [];
  if (result.FailedEntryCount || !entry?.EventId) {
    throw new Error(`EventBridge refused the event: ${entry?.ErrorCode ?? 'unknown'} ${entry?.ErrorMessage ?? ''}`.trim());
  }
  return entry.EventId;
};

/** Publishes one of the product's own events (shared/src/app-events.ts); throws unless the bus accepted it. */
export const publishAppEvent = async <T extends AppEventType>(type: T, detail: AppEventDetail<T>) => {
  const result = await client.send(
    new PutEventsCommand({
      Entries: [{ EventBusName: busName(), Source: APP_EVENT_SOURCE, DetailType: type, Detail: JSON.stringify(appEventSchemas[type].parse(detail)) }],
    }),
  );
  const [entry] = result.Entries ?? [];
  if (result.FailedEntryCount || !entry?.EventId) {
    throw new Error(`EventBridge refused the event: ${entry?.ErrorCode ?? 'unknown'} ${entry?.ErrorMessage ?? ''}`.trim());
  }
  return entry.EventId;
};
