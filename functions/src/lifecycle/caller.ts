import { COORDINATORS_GROUP } from '@mentoring/shared';
import type { Identity } from '../lib/auth/identity';
import { DomainError } from '../lib/domain-error';
import { getMentorship, detailOf, viewerRoleOf } from '../mentorships';
import type { Caller } from './service';

export const callerOf = (identity: Identity): Caller => ({ id: identity.sub, isCoordinator: identity.groups.includes(COORDINATORS_GROUP) });

/** The mentorship as this caller sees it after a change (or a 404 for someone who may not see it). */
export const detailFor = async (id: string, caller: Caller) => {
  const record = await getMentorship(id);
  const role = record && viewerRoleOf(record, caller);
  if (!record || !role) throw new DomainError('not_found', 'There is no such mentorship.');
  return detailOf(record, role);
};
