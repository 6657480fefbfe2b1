// Stand-in written by issue 6 with the contract of issue 5 (see /work/prompts/contracts.md); the lead keeps issue 5's.
export { StreamConnectionProvider, useStreamConnection } from './StreamConnectionProvider';
export type { StreamConnection, StreamConnectionProviderProps } from './StreamConnectionProvider';
