import type { MentorshipState } from '@mentoring/shared/mentorship';
import { exportAllMentorships } from '../lib/exports';
import { ExportButton } from './ExportButton';

/** The CSV of the mentorships a coordinator's list shows (one state, maybe a name search), made as the dashboard makes its exports. */
export const MentorshipsExport = ({ state, q, label }: { state: MentorshipState; q: string; label: string }) => (
  <ExportButton label={label} run={() => exportAllMentorships({ state, ...(q.trim() ? { q: q.trim() } : {}) })} />
);
