import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, TableEncryptionV2, TableV2, type GlobalSecondaryIndexPropsV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { tables, type IndexDefinition, type KeyAttribute, type TableDefinition, type TableKey } from '@mentoring/shared';
import { removalPolicy, type StageConfig } from '../stages';

export interface DataStackProps extends StackProps {
  stage: StageConfig;
}

/** Every table of the shared definitions, the same ones the local stage creates. */
export class DataStack extends Stack {
  readonly tables: Record<TableKey, TableV2>;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const retain = props.stage.retainData;
    const entries = Object.entries(tables) as [TableKey, TableDefinition][];
    this.tables = Object.fromEntries(
      entries.map(([key, definition]) => [
        key,
        new TableV2(this, `${key[0]!.toUpperCase()}${key.slice(1)}Table`, {
          partitionKey: attribute(definition.partitionKey),
          sortKey: definition.sortKey && attribute(definition.sortKey),
          globalSecondaryIndexes: definition.globalIndexes?.map(globalIndex),
          timeToLiveAttribute: definition.timeToLiveAttribute,
          billing: Billing.onDemand(),
          encryption: TableEncryptionV2.awsManagedKey(),
          pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
          deletionProtection: retain,
          removalPolicy: removalPolicy(props.stage),
        }),
      ]),
    ) as Record<TableKey, TableV2>;

    // Integration tests against this stage read what the API stored (STAGE_TABLES).
    new CfnOutput(this, 'Tables', {
      value: this.toJsonString(Object.fromEntries(Object.entries(this.tables).map(([key, table]) => [key, table.tableName]))),
    });
  }
}

const attribute = (key: KeyAttribute) => ({ name: key.name, type: key.type === 'S' ? AttributeType.STRING : AttributeType.NUMBER });

/** An index as the shared definition describes it; the local stage builds the same one (infra/local/tables.ts). */
export const globalIndex = (index: IndexDefinition): GlobalSecondaryIndexPropsV2 => ({
  indexName: index.name,
  partitionKey: attribute(index.partitionKey),
  sortKey: index.sortKey && attribute(index.sortKey),
  ...(index.projection ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.projection] } : { projectionType: ProjectionType.ALL }),
});
