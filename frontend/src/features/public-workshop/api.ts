import type { ApiAnswer } from '@mentoring/shared/routes';
import { apiQuery } from '@/lib/query';

export type PublicWorkshop = ApiAnswer<'GET /api/public/workshops/{id}'>;

export const publicWorkshopQuery = (id: string) => apiQuery('GET /api/public/workshops/{id}', { params: { id } });
