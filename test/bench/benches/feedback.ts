import { randomUUID } from 'node:crypto';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import autocannon from 'autocannon';
import type { Bench } from '../run';
import { closedLoop, loadFigures, round } from '../stats';
import { feedbackBreakdown } from './feedback-breakdown';

const CONNECTIONS = 10;
const SECONDS = 10;

/**
 * POST /api/feedback through the local stage, beside bare PutItem calls on the same DynamoDB Local, and where
 * one request's time goes, layer by layer (feedback-breakdown.ts).
 */
export const feedbackBench: Bench = {
  name: 'feedback',
  run: async ({ stage }) => {
    const body = JSON.stringify({ source: '/bench', rating: 5, feedbackType: 'global', answers: ['Benchmark feedback'] });
    const result = await autocannon({
      url: `${stage.url}/api/feedback`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { 'content-type': 'application/json' },
      body,
    });
    const api = loadFigures(result);

    const client = new DynamoDBClient({
      endpoint: stage.dynamoDbEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const baseline = await closedLoop(
      () =>
        client.send(
          new PutItemCommand({
            TableName: stage.tables.feedback,
            Item: { id: { S: randomUUID() }, source: { S: '/bench' }, feedbackType: { S: 'global' } },
          }),
        ),
      { concurrency: CONNECTIONS, durationMs: SECONDS * 1000 },
    );
    client.destroy();
    const breakdown = await feedbackBreakdown(stage, body);

    return {
      connections: CONNECTIONS,
      seconds: SECONDS,
      api,
      dynamoDbPutItemBaseline: baseline,
      apiToBaselineThroughputRatio: round(api.requestsPerSecond / baseline.requestsPerSecond, 3),
      apiToBaselineP50Ratio: round(api.p50Ms / baseline.p50Ms, 3),
      breakdown,
    };
  },
};
