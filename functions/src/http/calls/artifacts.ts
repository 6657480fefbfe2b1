import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type Artifact, ARTIFACT_URL_TTL_SECONDS, callsRoutes, routeIn } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { canSeeArchive, listArtifacts, listMemberIds, type ArtifactRecord } from '../../calls';
import { getParties } from '../../members';
import { groupArchiveAccess } from '../../group-sessions';
import { isGuestId } from '../../lib/stream/stream-user-id';
import { bucketName, s3Client } from '../../lib/s3';

const byStart = (a: Artifact, b: Artifact) => (a.startTime ?? '').localeCompare(b.startTime ?? '') || a.filename.localeCompare(b.filename);

const signedGet = (record: ArtifactRecord, disposition: 'inline' | 'attachment') =>
  getSignedUrl(
    s3Client,
    new GetObjectCommand({
      Bucket: bucketName('archive'),
      Key: record.key,
      ResponseContentDisposition: `${disposition}; filename="${record.filename.replace(/[^\w.-]/g, '_')}"`,
    }),
    { expiresIn: ARTIFACT_URL_TTL_SECONDS },
  );

const presign = async (record: ArtifactRecord): Promise<Artifact> => ({
  sessionId: record.sessionId,
  filename: record.filename,
  startTime: record.startTime,
  endTime: record.endTime,
  size: record.size,
  contentType: record.contentType,
  url: await signedGet(record, 'inline'),
  downloadUrl: await signedGet(record, 'attachment'),
});

/** Members' names by Stream user id (a member's is their account's id); a guest or a deleted account has none. */
const speakersOf = async (cid: string) => {
  const ids = await listMemberIds(cid);
  const parties = await getParties(ids.filter((id) => !isGuestId(id)));
  return Object.fromEntries(ids.flatMap((id) => (parties.has(id) ? [[id, parties.get(id)!.displayName]] : [])));
};

/**
 * A call's archived recordings and transcripts, with short-lived download links, for its members only; a group
 * session's call for those its session names (group-sessions/archive-access.ts).
 */
export const handler = httpHandler(routeIn(callsRoutes, 'GET /api/calls/{type}/{id}/artifacts'), async ({ params, identity }) => {
  const cid = `${params.type}:${params.id}`;
  const group = await groupArchiveAccess(params.type, params.id, identity);
  if (group === false) throw new HttpError('forbidden', 'Only those who had a place in this group session, its hosts and speakers, and coordinators can see its recordings and transcripts.');
  if (group === null && !(await canSeeArchive(cid, identity.sub))) throw new HttpError('forbidden', 'Only members of this call can see its recordings and transcripts.');
  const [records, speakers] = await Promise.all([listArtifacts(cid), speakersOf(cid)]);
  const artifacts = await Promise.all(records.map(async (record) => ({ kind: record.kind, artifact: await presign(record) })));
  return {
    speakers,
    recordings: artifacts.filter(({ kind }) => kind === 'recording').map(({ artifact }) => artifact).sort(byStart),
    transcriptions: artifacts.filter(({ kind }) => kind === 'transcription').map(({ artifact }) => artifact).sort(byStart),
  };
});
