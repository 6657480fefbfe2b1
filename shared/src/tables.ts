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
} as const satisfies Record<string, TableDefinition>;

export type TableKey = keyof typeof tables;
