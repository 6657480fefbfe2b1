import { route } from '@mentoring/shared';
import { dashboard } from '../../coordination';
import { httpHandler } from '../../lib/http/handler';

/** What needs a coordinator's attention first, and how the programme is doing. */
export const handler = httpHandler(route('GET /api/coordinator/dashboard'), async () => dashboard());
