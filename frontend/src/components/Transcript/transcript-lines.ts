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
