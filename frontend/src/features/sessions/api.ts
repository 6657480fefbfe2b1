import type { CallArtifacts, CallList, CallSummary, ErrorBody } from '@mentoring/shared';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const fallbackMessage = (status: number) =>
  status === 401 ? 'Your sign-in has expired. Please sign in again.' : 'Something went wrong on our side. Please try again.';

const getJson = async <T>(path: string, token: string | null): Promise<T> => {
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    // An answer outside the documented shape (API Gateway's own 401, a proxy's 502) still reads as words.
    const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
    throw new ApiError(response.status, body?.error?.message ?? fallbackMessage(response.status));
  }
  return (await response.json()) as T;
};

export const fetchCalls = (token: string | null) => getJson<CallList>('/api/calls', token);

export const fetchArtifacts = (token: string | null, call: Pick<CallSummary, 'type' | 'id'>) =>
  getJson<CallArtifacts>(`/api/calls/${encodeURIComponent(call.type)}/${encodeURIComponent(call.id)}/artifacts`, token);

export interface TranscriptLine {
  speaker: string | null;
  startTime: string | null;
  text: string;
}

/** Stream's transcripts are JSON lines ({type: "speech", speaker_id, text, start_time, ...}); plain text is kept as is. */
export const parseTranscript = (content: string): TranscriptLine[] =>
  content
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        const entry = JSON.parse(line) as { speaker_id?: unknown; text?: unknown; start_time?: unknown };
        if (typeof entry.text === 'string') {
          return {
            speaker: typeof entry.speaker_id === 'string' ? entry.speaker_id : null,
            startTime: typeof entry.start_time === 'string' ? entry.start_time : null,
            text: entry.text,
          };
        }
      } catch {
        // Not JSON: a plain text transcript line.
      }
      return { speaker: null, startTime: null, text: line };
    });
