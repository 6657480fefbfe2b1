/**
 * Blocks between two members, and what a block changes in Stream.
 * The module's one public face: handlers and other modules import from here, never its files.
 */
export { blockBetween, blocksOf, deleteBlock, deleteBlocksOf, hiddenFrom, hiddenIdsOf, hiddenItemRead, noBlockChecks, putBlock } from './repository';
export { deleteAtStream, pairHeld, restoreAtStream, suspendAtStream } from './stream-access';
