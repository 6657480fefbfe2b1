import { useEffect, useId, useMemo, useState } from 'react';
import type { Artifact } from '@mentoring/shared';
import { parseTranscript, type TranscriptLine } from './transcript-lines';

const highlight = (text: string, query: string) => {
  if (!query) return text;
  const parts = text.split(new RegExp(`(${query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'gi'));
  return parts.map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : part));
};

/** Who said a line, for a speaker the call's members do not name (a guest, an account since deleted). */
const UNNAMED_SPEAKER = 'A participant';

/**
 * A transcript, read from its presigned link, with a search box that filters and highlights its lines. `speakers`
 * names the call's members by their Stream user id, which is what a line's speaker is.
 */
export const Transcript = ({ transcript, speakers }: { transcript: Artifact; speakers: Readonly<Record<string, string>> }) => {
  const [lines, setLines] = useState<TranscriptLine[] | 'loading' | 'failed'>('loading');
  const [query, setQuery] = useState('');
  const searchId = useId();

  useEffect(() => {
    let active = true;
    fetch(transcript.url)
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const content = await response.text();
        if (active) setLines(parseTranscript(content));
      })
      .catch(() => active && setLines('failed'));
    return () => {
      active = false;
    };
  }, [transcript.url]);

  const shown = useMemo(
    () => (Array.isArray(lines) ? lines.filter((line) => line.text.toLowerCase().includes(query.trim().toLowerCase())) : []),
    [lines, query],
  );

  return (
    <section aria-label={`Transcript ${transcript.filename}`}>
      <div>
        <label htmlFor={searchId}>Search the transcript</label>{' '}
        <input id={searchId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} />{' '}
        <a href={transcript.downloadUrl} download={transcript.filename}>
          Download transcript
        </a>
      </div>
      {lines === 'loading' && <p>Loading the transcript…</p>}
      {lines === 'failed' && <p role="alert">The transcript could not be loaded.</p>}
      {Array.isArray(lines) && (
        <>
          {query.trim() && <p aria-live="polite">{`${shown.length} of ${lines.length} lines match`}</p>}
          <ol>
            {shown.map((line, index) => (
              <li key={index}>
                {line.speaker && <strong>{`${speakers[line.speaker] ?? UNNAMED_SPEAKER}: `}</strong>}
                {highlight(line.text, query.trim())}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
};
