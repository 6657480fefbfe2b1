import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { STREAM_EVENT_SOURCE } from '@mentoring/shared';
import { requiredEnv } from './env';
import { traced } from './powertools';

/**
 * One client per container. Locally AWS_ENDPOINT_URL_EVENTBRIDGE points at the local stage's bus, which
 * speaks the PutEvents protocol, so the publishing code is the same in both runtimes.
 */
const client = traced(new EventBridgeClient({ maxAttempts: 2 }));

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
