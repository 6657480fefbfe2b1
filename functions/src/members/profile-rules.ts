import type { Programme, ProfileInput } from '@mentoring/shared';
import { invalid } from '../lib/domain-error';

/**
 * The profile rules that depend on stored data rather than on the shape of the body: topics from the
 * programme's list (stored with the list's own spelling, each once), and the current code of conduct.
 */
export const checkProfileAgainstProgramme = (input: ProfileInput, programme: Programme) => {
  const known = new Map(programme.topics.map((topic) => [topic.toLowerCase(), topic]));
  const unknown = input.topics.filter((topic) => !known.has(topic.toLowerCase()));
  if (unknown.length) {
    throw invalid(`Unknown topics: ${unknown.join(', ')}. Choose topics from the programme's list.`, [
      { path: ['topics'], message: `Not in the programme's list: ${unknown.join(', ')}`, code: 'custom' },
    ]);
  }
  if (input.codeOfConductVersion !== programme.codeOfConductVersion) {
    throw invalid(
      `The code of conduct has changed: read and accept version ${programme.codeOfConductVersion}.`,
      [{ path: ['codeOfConductVersion'], message: `Accept version ${programme.codeOfConductVersion}`, code: 'custom' }],
    );
  }
  return [...new Set(input.topics.map((topic) => known.get(topic.toLowerCase())!))];
};
