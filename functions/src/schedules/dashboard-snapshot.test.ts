import { gunzipSync } from 'node:zlib';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { DASHBOARD_SNAPSHOT_KEY } from '@mentoring/shared';
import '#testing/mentoring';
import { lambdaContext } from '#testing/events';
import { handler } from './dashboard-snapshot';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const s3 = mockClient(S3Client);
Object.assign(process.env, { ARCHIVE_BUCKET: 'archive-test', MENTORSHIPS_TABLE: 'mentorships-test', GROUP_SESSIONS_TABLE: 'group-sessions-test', AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' });

const SCHEDULED = '2026-06-15T07:05:00Z';

describe('the dashboard-snapshot schedule', () => {
  beforeEach(() => {
    dynamo.reset();
    s3.reset();
    dynamo.on(GetCommand).resolves({});
    dynamo.on(QueryCommand).callsFake((input: { IndexName?: string }) => ({
      Items: input.IndexName === 'byStatus' ? [{ pk: 'REPORT#r1', id: 'r1', createdAt: '2026-06-14T10:00:00.000Z', category: 'spam' }] : [],
    }));
    s3.on(PutObjectCommand).resolves({ ETag: '"e1"' });
  });

  it('computes the dashboard as of when it was due and stores it whole in the archive bucket', async () => {
    await handler(
      {
        kind: 'dashboard-snapshot',
        payload: {},
        scheduledTime: SCHEDULED,
        scheduleArn: 'arn:aws:scheduler:eu-west-1:123456789012:schedule/mentoring-dev/dashboard-snapshot',
        executionId: 'run-1',
        attemptNumber: '1',
      },
      lambdaContext(),
    );
    const [put] = s3.commandCalls(PutObjectCommand);
    expect(put!.args[0].input).toMatchObject({ Bucket: 'archive-test', Key: DASHBOARD_SNAPSHOT_KEY, ContentType: 'application/json' });
    const stored = JSON.parse(gunzipSync(put!.args[0].input.Body as Buffer).toString('utf8')) as { generatedAt: string; attention: { key: string }[] };
    expect(stored.generatedAt).toBe('2026-06-15T07:05:00.000Z');
    expect(stored.attention.map((item) => item.key)).toEqual(['open_report:r1']);
  });

  it('stores nothing when the tables cannot be read (the run fails and is retried)', async () => {
    dynamo.on(QueryCommand).rejects(new Error('DynamoDB unavailable'));
    await expect(
      handler({ kind: 'dashboard-snapshot', payload: {}, scheduledTime: SCHEDULED, scheduleArn: 'arn:aws:scheduler:eu-west-1:1:schedule/g/dashboard-snapshot', executionId: 'run-2', attemptNumber: '1' }, lambdaContext()),
    ).rejects.toThrow();
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
  });
});
