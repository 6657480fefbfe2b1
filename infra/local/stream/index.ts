/**
 * The local Stream stand-in's one public face: the local stage, the tests and the benches import it from here, never
 * from its files, so its insides (chat/, video/, sfu/) can move without touching them.
 */
export { createStreamStandIn, type StreamStandIn, type StreamStandInOptions } from './server';
export { createVideoStandIn, type StreamUser, type VideoStandIn, type VideoStandInDeps } from './video';
export { s3AttachmentStorage, type AttachmentStorage } from './attachments';
export { localStreamCredentials, type LocalStreamCredentials } from './local-credentials';
export { signStreamToken } from './tokens';
export { speakToWav, speechToolsProblem } from './sfu/speech/recogniser';
export type { NotImitatedRequest } from './not-imitated';
export { startVideoHarness, TEST_SECRET, type VideoHarness } from './video/testing/harness';
