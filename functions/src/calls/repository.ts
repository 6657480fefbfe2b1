import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ArtifactKind, CallFeature, CallSummary } from '@mentoring/shared';
import { documentClient, ignoreStale, queryAll, tableName } from '../lib/dynamo';

/**
 * One table for everything known about a call (single-table design):
 *   CALL#<cid> / META                              the call: creator, created and ended times, feature flags
 *   CALL#<cid> / MEMBER#<userId>                   a member (removed members stay as tombstones)
 *   USER#<userId> / CALL#<cid>                     the same membership, keyed for "my calls"
 *   CALL#<cid> / HISTORY#<at>#<type>               what happened, one record per event
 *   CALL#<cid> / ARTIFACT#<kind>#<session>#<file>  an archived recording or transcript
 * Every write is conditional on the event's time, so a redelivered or replayed event changes nothing
 * and an older event arriving late never undoes a newer one.
 */
const callKey = (cid: string) => `CALL#${cid}`;
const table = () => tableName('calls');

export const splitCid = (cid: string) => {
  const at = cid.indexOf(':');
  return { type: cid.slice(0, at), id: cid.slice(at + 1) };
};

/** What every write to the META record sets, so that whichever write comes first creates a whole record. */
const callIdentity = (cid: string) => {
  const { type, id } = splitCid(cid);
  return { set: 'cid = :cid, #type = :type, id = :id', names: { '#type': 'type' }, values: { ':cid': cid, ':type': type, ':id': id } };
};

/** Creates the call record if it is missing; keeps the first creator and creation time ever seen. */
export const recordCall = async (cid: string, { createdBy, createdAt }: { createdBy?: string | null; createdAt?: string | null } = {}) => {
  const identity = callIdentity(cid);
  const sets = [identity.set];
  const values: Record<string, unknown> = { ...identity.values };
  if (createdBy) {
    sets.push('createdBy = if_not_exists(createdBy, :createdBy)');
    values[':createdBy'] = createdBy;
  }
  if (createdAt) {
    sets.push('createdAt = if_not_exists(createdAt, :createdAt)');
    values[':createdAt'] = createdAt;
  }
  await documentClient.send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: callKey(cid), sk: 'META' },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: identity.names,
      ExpressionAttributeValues: values,
    }),
  );
};

/** Keeps the latest end time (the membership consumer records the call itself first). */
export const recordCallEnded = (cid: string, endedAt: string) =>
  ignoreStale(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: callKey(cid), sk: 'META' },
        UpdateExpression: 'SET endedAt = :at',
        ConditionExpression: 'attribute_not_exists(endedAt) OR endedAt < :at',
        ExpressionAttributeValues: { ':at': endedAt },
      }),
    ),
  );

/** Adds or removes a member, in one transaction for both keys, unless a newer change is already stored. */
export const setMembership = (cid: string, userId: string, { removed, at, role }: { removed: boolean; at: string; role?: string | null }) => {
  const { type, id } = splitCid(cid);
  const condition = {
    ConditionExpression: 'attribute_not_exists(changedAt) OR changedAt < :at',
    UpdateExpression: 'SET removed = :removed, changedAt = :at, userId = :userId, cid = :cid, #type = :type, id = :id, #role = :role',
    ExpressionAttributeNames: { '#type': 'type', '#role': 'role' },
    ExpressionAttributeValues: { ':removed': removed, ':at': at, ':userId': userId, ':cid': cid, ':type': type, ':id': id, ':role': role ?? null },
  };
  return ignoreStale(() =>
    documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: { TableName: table(), Key: { pk: callKey(cid), sk: `MEMBER#${userId}` }, ...condition } },
          { Update: { TableName: table(), Key: { pk: `USER#${userId}`, sk: callKey(cid) }, ...condition } },
        ],
      }),
    ),
  );
};

export const recordHistory = (cid: string, entry: { type: string; at: string; sessionId?: string | null; userIds?: string[] }) =>
  ignoreStale(() =>
    documentClient.send(
      new PutCommand({
        TableName: table(),
        Item: { pk: callKey(cid), sk: `HISTORY#${entry.at}#${entry.type}`, cid, ...entry },
        ConditionExpression: 'attribute_not_exists(sk)',
      }),
    ),
  );

/** Switches one feature flag, unless a newer event already switched it. */
export const setFeatureFlag = async (cid: string, feature: CallFeature, { on, at, failed }: { on: boolean; at: string; failed: boolean }) => {
  const identity = callIdentity(cid);
  return ignoreStale(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: callKey(cid), sk: 'META' },
        UpdateExpression: `SET ${identity.set}, #flag = :on, #at = :at${failed ? ', #failedAt = :at' : ''}`,
        ConditionExpression: 'attribute_not_exists(#at) OR #at < :at',
        ExpressionAttributeNames: {
          ...identity.names,
          '#flag': feature,
          '#at': `${feature}ChangedAt`,
          ...(failed ? { '#failedAt': `${feature}FailedAt` } : {}),
        },
        ExpressionAttributeValues: { ...identity.values, ':on': on, ':at': at },
      }),
    ),
  );
};

export const getCall = async (cid: string) =>
  (await documentClient.send(new GetCommand({ TableName: table(), Key: { pk: callKey(cid), sk: 'META' } }))).Item;

/** Members (and the call's creator) may see a call's archive; removed members may not. */
export const canSeeArchive = async (cid: string, userId: string) => {
  const [member, call] = await Promise.all([
    documentClient.send(new GetCommand({ TableName: table(), Key: { pk: callKey(cid), sk: `MEMBER#${userId}` } })),
    getCall(cid),
  ]);
  if (member.Item) return member.Item.removed !== true;
  return call?.createdBy === userId;
};

const MAX_LISTED_CALLS = 100;

/** The calls this user is (still) a member of, newest first. */
export const listCallsOf = async (userId: string): Promise<CallSummary[]> => {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: 'removed <> :true',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'CALL#', ':true': true },
    }),
  );
  const cids = Items.map((item) => item.cid as string).slice(0, MAX_LISTED_CALLS);
  const metas = new Map<string, Record<string, unknown>>();
  for (let start = 0; start < cids.length; start += 100) {
    const keys = cids.slice(start, start + 100).map((cid) => ({ pk: callKey(cid), sk: 'META' }));
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = { [table()]: { Keys: keys } };
    while (request && Object.keys(request).length) {
      const result = await documentClient.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of result.Responses?.[table()] ?? []) metas.set(item.cid as string, item);
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return cids
    .map((cid) => {
      const meta = metas.get(cid) ?? {};
      const { type, id } = splitCid(cid);
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      return { cid, type, id, createdAt: text(meta.createdAt), endedAt: text(meta.endedAt), createdBy: text(meta.createdBy) };
    })
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
};

export interface ArtifactRecord {
  cid: string;
  kind: ArtifactKind;
  /** Stream's call session (its `callSessionId`): stored, and answered by the API, under this older name. */
  sessionId: string;
  filename: string;
  key: string;
  startTime: string | null;
  endTime: string | null;
  size: number;
  contentType: string;
  archivedAt: string;
}

const artifactSortKey = (kind: ArtifactKind, callSessionId: string, filename: string) => `ARTIFACT#${kind}#${callSessionId}#${filename}`;

export const getArtifact = async (cid: string, kind: ArtifactKind, callSessionId: string, filename: string) =>
  (
    await documentClient.send(
      new GetCommand({ TableName: table(), Key: { pk: callKey(cid), sk: artifactSortKey(kind, callSessionId, filename) }, ConsistentRead: true }),
    )
  ).Item as ArtifactRecord | undefined;

/**
 * Written only once the file is wholly in S3, and never over an earlier record. `expiresAt` (epoch seconds, the
 * table's TTL) deletes the record when the archive's lifecycle rule deletes the file: the caller computes it
 * from the stage's retention (calls/retention.ts), which is not this table's business.
 */
export const saveArtifact = (artifact: ArtifactRecord, expiresAt: number) =>
  ignoreStale(() =>
    documentClient.send(
      new PutCommand({
        TableName: table(),
        Item: {
          pk: callKey(artifact.cid),
          sk: artifactSortKey(artifact.kind, artifact.sessionId, artifact.filename),
          ...artifact,
          expiresAt,
        },
        ConditionExpression: 'attribute_not_exists(sk)',
      }),
    ),
  );

/** Everyone who was a member of the call, by Stream user id: removed members too, since what they said stays theirs. */
export const listMemberIds = async (cid: string) =>
  ((await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': callKey(cid), ':prefix': 'MEMBER#' },
  })) as { userId: string }[]).map((item) => item.userId);

export const listArtifacts = async (cid: string) =>
  (await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': callKey(cid), ':prefix': 'ARTIFACT#' },
  })) as ArtifactRecord[];
