/**
 * The mentor directory: a container's snapshot of the listed mentors and the queries answered from it in memory.
 * The module's one public face: handlers and other modules import from here, never its files.
 */
export { directoryProgramme, directorySnapshot } from './cache';
export { queryDirectory } from './query';
export { readViewer, type ViewerReads } from './viewer';
