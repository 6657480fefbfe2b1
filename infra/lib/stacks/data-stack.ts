import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { tables, type TableDefinition, type TableKey } from '@mentoring/shared';
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
          partitionKey: { name: definition.partitionKey.name, type: AttributeType[attributeType(definition.partitionKey.type)] },
          sortKey: definition.sortKey && {
            name: definition.sortKey.name,
            type: AttributeType[attributeType(definition.sortKey.type)],
          },
          timeToLiveAttribute: definition.timeToLiveAttribute,
          globalSecondaryIndexes: definition.globalIndexes?.map((index) => ({
            indexName: index.name,
            partitionKey: { name: index.partitionKey.name, type: AttributeType[attributeType(index.partitionKey.type)] },
            sortKey: index.sortKey && { name: index.sortKey.name, type: AttributeType[attributeType(index.sortKey.type)] },
            ...(index.projection ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.projection] } : {}),
          })),
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

const attributeType = (type: 'S' | 'N') => (type === 'S' ? 'STRING' : 'NUMBER');
