/**
 * Public workshops (docs/domain.md, "Broadcasting to visitors"): a coordinator makes a workshop public; from the
 * moment its host goes live its call broadcasts over HLS (Stream's `hls.auto_on`), and visitors who are not members
 * watch it on a page of its own, without signing in: no chat, no place, no way on stage.
 */
import type { Identity } from '../lib/auth/identity';
import { conflict, DomainError, invalid } from '../lib/domain-error';
import { afterWrite } from '../lib/notify';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { GroupSession, PublicWorkshop } from '@mentoring/shared';
import { getParty, isCoordinator } from '../members';
import { getGroupSession as readSession, setPublic } from './repository';
import { getGroupSession } from './service';
import { callBroadcastUrl, setCallBroadcast } from './stream-call';

const noSuchWorkshop = () => new DomainError('not_found', 'There is no such public workshop.');

/** A coordinator makes a workshop public or private: one conditional write, then the call's broadcast follows. */
export const setWorkshopPublic = async (identity: Identity, id: string, value: boolean, now = new Date()): Promise<GroupSession> => {
  if (!isCoordinator(identity)) throw new DomainError('forbidden', 'Only coordinators can make a workshop public.');
  const session = await readSession(id);
  if (!session) throw new DomainError('not_found', 'There is no such group session.');
  if (session.kind !== 'workshop') {
    throw invalid('Only a workshop can be public: an open circle has no picture to broadcast.', [{ path: ['public'], message: 'Only a workshop can be public.', code: 'custom' }]);
  }
  if (session.state === 'ended' || session.state === 'cancelled') throw conflict('ended', 'This group session is already over.');
  if ((session.public === true) !== value) {
    await setPublic(session, value, now.toISOString()).catch((error: unknown) => {
      if (error instanceof ConditionalCheckFailedException) throw conflict('changed_meanwhile', 'The group session changed meanwhile: reload it and try again.');
      throw error;
    });
  }
  // Also when the flag was already so: a retry sets the call that a failed follow-up left behind.
  await afterWrite('setting the workshop call’s broadcast', () => setCallBroadcast(session.kind, session.id, value));
  return getGroupSession(identity, id);
};

/** What a visitor sees: the same answer for an unknown id, a private one and a cancelled one (nothing is revealed). */
export const getPublicWorkshop = async (id: string): Promise<PublicWorkshop> => {
  const session = await readSession(id);
  if (!session || session.public !== true || session.state === 'cancelled') throw noSuchWorkshop();
  const [host, playlistUrl] = await Promise.all([getParty(session.hostId), session.state === 'ended' ? undefined : callBroadcastUrl(session.kind, session.id)]);
  return {
    id: session.id,
    title: session.title,
    description: session.description,
    startsAt: session.startsAt,
    durationMinutes: session.durationMinutes,
    state: session.state,
    hostName: host?.displayName ?? 'A member',
    broadcast: playlistUrl ? { playlistUrl } : null,
  };
};
