/**
 * Safeguarding reports in the `safeguarding` table (shared/src/tables.ts): a report REPORT#<id> / META (status,
 * index `byStatus`), its coordinators' notes REPORT#<id> / NOTE#<at>#<n>, and a pointer REPORTER#<memberId> /
 * <createdAt>#<id> written in the same transaction, so a member's export finds the reports they made with one
 * query (no report is ever found through the member it concerns).
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { REPORT_STATUSES, type ReportCategory, type ReportStatus, type ReportSubject } from '@mentoring/shared';
import { documentClient, queryAll, tableName } from '../../lib/dynamo';

const table = () => tableName('safeguarding');

export interface ReportItem {
  id: string;
  category: ReportCategory;
  description: string;
  subject: ReportSubject;
  status: ReportStatus;
  reporterId: string;
  reporterName: string;
  concernsId: string | null;
  concernsName: string | null;
  mentorshipId: string | null;
  endedMentorshipId: string | null;
  /** The group session a participant was reported from, with its title then (absent on older reports). */
  groupSession?: { id: string; title: string } | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface NoteItem {
  at: string;
  authorId: string;
  authorName: string;
  text: string;
}

const reportKey = (id: string) => ({ pk: `REPORT#${id}`, sk: 'META' });

/** Stores the report and its reporter's pointer, both or neither. */
export const createReport = async (report: ReportItem) => {
  await documentClient.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table(), Item: { ...reportKey(report.id), ...report }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: table(), Item: { pk: `REPORTER#${report.reporterId}`, sk: `${report.createdAt}#${report.id}`, reportId: report.id } } },
      ],
    }),
  );
  return report;
};

/** Records the mentorship the reporter's request ended (after the report is stored, so a failed end leaves the report). */
export const setEndedMentorship = (id: string, mentorshipId: string) =>
  documentClient.send(
    new UpdateCommand({
      TableName: table(),
      Key: reportKey(id),
      UpdateExpression: 'SET endedMentorshipId = :m',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':m': mentorshipId },
    }),
  );

const strip = <T>(item: Record<string, unknown>) => {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as T;
};

/** A report with its notes (oldest first), or undefined. */
export const getReport = async (id: string) => {
  const items = await queryAll({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `REPORT#${id}` }, ConsistentRead: true });
  const meta = items.find((item) => item.sk === 'META');
  if (!meta) return undefined;
  const notes = items.filter((item) => typeof item.sk === 'string' && item.sk.startsWith('NOTE#')).map((item) => strip<NoteItem & { noteId?: string }>(item));
  return { ...strip<ReportItem>(meta), notes: notes.map(({ at, authorId, authorName, text }) => ({ at, authorId, authorName, text })) };
};

const MAX_LISTED = 500;

/** Reports in one status (or every status), newest first. */
export const listReports = async (status?: ReportStatus) => {
  const statuses = status ? [status] : REPORT_STATUSES;
  const lists = await Promise.all(
    statuses.map(async (each) => {
      const items = await queryAll(
        {
          TableName: table(),
          IndexName: 'byStatus',
          KeyConditionExpression: '#status = :status',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': each },
          ScanIndexForward: false,
        },
        { atMost: MAX_LISTED },
      );
      return items.map((item) => strip<ReportItem>(item));
    }),
  );
  return lists.flat().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
};

export class StaleReportError extends Error {}

/** Moves the report to `status`, only from the version the coordinator read. */
export const setReportStatus = async (id: string, status: ReportStatus, expectedVersion: number, now: string) => {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: reportKey(id),
        UpdateExpression: 'SET #status = :status, updatedAt = :now ADD version :one',
        ConditionExpression: 'attribute_exists(pk) AND version = :expected',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':now': now, ':one': 1, ':expected': expectedVersion },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new StaleReportError();
    throw error;
  }
};

/** Adds a note and touches the report, in one transaction that needs the report to exist. */
export const addNote = async (id: string, note: NoteItem) => {
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: reportKey(id),
              UpdateExpression: 'SET updatedAt = :now ADD version :one',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':now': note.at, ':one': 1 },
            },
          },
          // The random tail keeps two notes written in the same millisecond apart.
          { Put: { TableName: table(), Item: { pk: `REPORT#${id}`, sk: `NOTE#${note.at}#${randomUUID().slice(0, 8)}`, ...note } } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof TransactionCanceledException) return false;
    throw error;
  }
};

/** The pointers to the reports a member made (their own data, for the export). */
export const reportsBy = async (memberId: string) => {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `REPORTER#${memberId}` } }),
  );
  return Items.map((item) => item.reportId as string);
};

/** For the account deletion: the reporter's pointers go with the account; the reports stay with coordinators. */
export const deleteReporterPointers = async (memberId: string) => {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `REPORTER#${memberId}` } }),
  );
  await Promise.all(Items.map((item) => documentClient.send(new DeleteCommand({ TableName: table(), Key: { pk: item.pk, sk: item.sk } }))));
};
