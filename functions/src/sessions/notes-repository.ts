import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import type { sessionNotesSchema } from '@mentoring/shared';
import { documentClient, ignoreStale, tableName } from '../lib/dynamo';
import { notesKey } from './repository';

export type SessionNotes = z.infer<typeof sessionNotesSchema>;

const table = () => tableName('sessions');

/** A session's notes; version 0 and no text before anyone wrote them. */
export const getNotes = async (sessionId: string): Promise<SessionNotes> => {
  const { Item } = await documentClient.send(new GetCommand({ TableName: table(), Key: notesKey(sessionId), ConsistentRead: true }));
  return Item
    ? { text: String(Item.text ?? ''), version: Number(Item.version ?? 0), updatedAt: (Item.updatedAt as string) ?? null, updatedBy: (Item.updatedBy as string) ?? null }
    : { text: '', version: 0, updatedAt: null, updatedBy: null };
};

/**
 * Stores the notes if `version` is still the stored one (0: none stored yet); false when someone else wrote in
 * between, so the last writer never silently overwrites the other.
 */
export const putNotes = (sessionId: string, { text, version, at, by }: { text: string; version: number; at: string; by: string }) =>
  ignoreStale(() =>
    documentClient.send(
      new PutCommand({
        TableName: table(),
        Item: { ...notesKey(sessionId), sessionId, text, version: version + 1, updatedAt: at, updatedBy: by },
        ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
        ...(version === 0 ? {} : { ExpressionAttributeValues: { ':version': version } }),
      }),
    ),
  );
