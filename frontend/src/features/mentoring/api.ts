import type { ApiQuery } from '@mentoring/shared/routes';
import { api } from '@/lib/api-client';
import { apiQuery } from '@/lib/query';
import { copy } from './copy';
import type { DecisionBody, DirectoryQuery, PHOTO_TYPES, ProfileInput, ProgrammeSettings } from './lib/types';

export const programmeQuery = () => apiQuery('GET /api/programme');

export const saveProgramme = (body: ProgrammeSettings) => api('PUT /api/programme', { body });

export const saveProfile = (body: ProfileInput) => api('PUT /api/profile/me', { body });
export const submitProfile = () => api('POST /api/profile/me/submit');

/** Sends the file to S3 with the presigned POST (its fields first, the file last), then tells the API its key. */
export const uploadPhoto = async (file: File) => {
  const presigned = await api('POST /api/profile/me/photo', { body: { contentType: file.type as (typeof PHOTO_TYPES)[number], size: file.size } });
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append('file', file);
  const response = await fetch(presigned.url, { method: 'POST', body: form });
  if (!response.ok) throw new Error(copy.photo.failed);
  return api('PUT /api/profile/me/photo', { body: { key: presigned.key } });
};

export const removePhoto = () => api('DELETE /api/profile/me/photo');

export const listMentors = (query: DirectoryQuery) => api('GET /api/mentors', { query });
export const mentorQuery = (id: string) => apiQuery('GET /api/mentors/{id}', { params: { id } });
/** Any member's profile, as a coordinator reads it. */
export const memberQuery = (id: string) => apiQuery('GET /api/members/{id}', { params: { id } });

export const applicationsQuery = (state: NonNullable<ApiQuery<'GET /api/coordinator/applications'>>['state']) => apiQuery('GET /api/coordinator/applications', { query: { state } });
export const decideApplication = (memberId: string, body: DecisionBody) => api('POST /api/coordinator/applications/{id}/decision', { params: { id: memberId }, body });
