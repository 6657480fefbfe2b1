/**
 * DynamoDB table definitions: the CDK data stack and the local stage both create tables from these.
 * `envVar` is how a handler learns the table's name in either runtime.
 */
export type AttributeType = 'S' | 'N';

export interface TableDefinition {
  envVar: string;
  partitionKey: { name: string; type: AttributeType };
  sortKey?: { name: string; type: AttributeType };
  timeToLiveAttribute?: string;
}

export const tables = {
  feedback: { envVar: 'FEEDBACK_TABLE', partitionKey: { name: 'id', type: 'S' } },
  /** One marker per Stream webhook delivery (X-Webhook-Id), expiring after a day, so a retry is published once. */
  webhookDeliveries: {
    envVar: 'WEBHOOK_DELIVERIES_TABLE',
    partitionKey: { name: 'id', type: 'S' },
    timeToLiveAttribute: 'expiresAt',
  },
  /** Calls, their members, status, history and archived artifacts (see functions/src/lib/repositories/calls.ts). */
  calls: { envVar: 'CALLS_TABLE', partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'S' } },
} as const satisfies Record<string, TableDefinition>;

export type TableKey = keyof typeof tables;
