/** The words of the public workshop page. */
export const copy = {
  lead: 'A workshop of the mentoring programme, broadcast for everyone. You watch without signing in; the chat and the stage are for those taking part.',
  host: (name: string) => `Hosted by ${name}`,
  minutes: (n: number) => `${n} min`,
  onAir: 'On air',
  player: (title: string) => `Broadcast of “${title}”`,
  notYet: 'Not on air yet',
  notYetText: 'This page plays the workshop as soon as the host goes live. Keep it open: it checks every few seconds.',
  over: 'This workshop has ended',
  overText: 'The broadcast is over. Thank you for watching.',
  notFound: 'There is no such public workshop',
  notFoundText: 'The link may be mistyped, or the workshop is not public (any more).',
  loading: 'Opening the workshop…',
  cannotPlay: 'Your browser cannot play this broadcast.',
  playerFailed: 'The broadcast could not be played. It may have just ended; the page checks again in a moment.',
} as const;
