import { randomUUID } from 'node:crypto';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import autocannon from 'autocannon';
import type { Bench } from '../run';
import { closedLoop, loadFigures, round } from '../stats';
import { feedbackBreakdown } from './feedback-breakdown';
import { childPid, cpuPerRequest } from '../support/process-cpu';

const CONNECTIONS = 10;
const SECONDS = 10;
const WARMUP_SECONDS = 3;
/** Issue 28: the API's p50 at most 1.5 times a bare PutItem's, at 10 connections. */
const BUDGET_P50_RATIO = 1.5;

/**
 * POST /api/feedback through the local stage, beside bare PutItem calls on the same DynamoDB Local, and where
 * one request's time goes, layer by layer (feedback-breakdown.ts).
 */
export const feedbackBench: Bench = {
  name: 'feedback',
  run: async ({ stage }) => {
    const body = JSON.stringify({ source: '/bench', rating: 5, feedbackType: 'global', answers: ['Benchmark feedback'] });
    const stagePid = stage.process.pid!;
    const dynamoDbLocal = childPid(stagePid, 'java');
    const api = (seconds: number) =>
      autocannon({
        url: `${stage.url}/api/feedback`,
        method: 'POST',
        connections: CONNECTIONS,
        duration: seconds,
        headers: { 'content-type': 'application/json' },
        body,
      }).then(loadFigures);
    const client = new DynamoDBClient({
      endpoint: stage.dynamoDbEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const putItems = (seconds: number) =>
      closedLoop(
        () =>
          client.send(
            new PutItemCommand({
              TableName: stage.tables.feedback,
              Item: { id: { S: randomUUID() }, source: { S: '/bench' }, feedbackType: { S: 'global' } },
            }),
          ),
        { concurrency: CONNECTIONS, durationMs: seconds * 1000 },
      );
    // Both warm first (the handler's modules load on its first request, and both runtimes compile what runs hot),
    // so neither measured run pays for starting up.
    await api(WARMUP_SECONDS);
    await putItems(WARMUP_SECONDS);
    const { figures: apiFigures, cpuMs: apiCpu } = await cpuPerRequest({ stage: stagePid, dynamoDbLocal }, () => api(SECONDS));
    const { figures: baseline, cpuMs: baselineCpu } = await cpuPerRequest({ dynamoDbLocal }, () => putItems(SECONDS));
    client.destroy();
    const breakdown = await feedbackBreakdown(stage, body);

    const p50Ratio = round(apiFigures.p50Ms / baseline.p50Ms, 3);
    return {
      // The figure beside its budget, as the bench prints it.
      p50Ratio: `${p50Ratio}× a bare PutItem's p50 (budget ≤ ${BUDGET_P50_RATIO}×: ${p50Ratio <= BUDGET_P50_RATIO ? 'met' : 'missed'})`,
      connections: CONNECTIONS,
      seconds: SECONDS,
      api: apiFigures,
      dynamoDbPutItemBaseline: baseline,
      apiToBaselineThroughputRatio: round(apiFigures.requestsPerSecond / baseline.requestsPerSecond, 3),
      apiToBaselineP50Ratio: p50Ratio,
      // Once the cores are busy, throughput is the cores over the CPU a request costs in all: the stage, DynamoDB
      // Local and the load generator (autocannon, or the baseline's SDK client in this process).
      cpuMsPerRequest: { api: apiCpu, baseline: baselineCpu },
      apiToBaselineCpuRatio: round(apiCpu.total / baselineCpu.total, 3),
      breakdown,
    };
  },
};
