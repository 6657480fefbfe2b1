import { MirrorMissing } from './peer-suites/mirror';
import { runChatGenerators } from './peer-suites/chat-generators';
import { runStreamNode } from './peer-suites/stream-node';
import { STREAM_NODE_CHAT_OUT_OF_SCOPE, STREAM_NODE_VIDEO_OUT_OF_SCOPE } from './peer-suites/stream-node-scope';

/**
 * `npm run peer-suites -- chat` (stream-chat-js's generators), `-- node-chat` (stream-node's chat tests), `-- node-video` (its call tests): other projects' own tests against our Stream stand-in (docs/local-stage.md, "Peer
 * suites"). Not part of `npm test`: they are read from the fetch tool's mirrors, which a fresh clone does not have.
 */
const suites: Record<string, () => Promise<boolean>> = {
  chat: runChatGenerators,
  'node-chat': () => runStreamNode(['messages', 'channel', 'users'], STREAM_NODE_CHAT_OUT_OF_SCOPE),
  'node-video': () =>
    runStreamNode(['call', 'call-members', 'ring-call'], STREAM_NODE_VIDEO_OUT_OF_SCOPE, {
      video: true,
      // Their `query calls` pages through an app that has calls of earlier runs (two at least): ours starts empty.
      before: async (server) => {
        await server.video.call('default', `earlier-run-${Date.now()}`).getOrCreate({ data: { created_by: { id: 'earlier-run' } } });
      },
    }),
};

const [name] = process.argv.slice(2);
const suite = name ? suites[name] : undefined;
if (!suite) {
  console.error(`usage: npm run peer-suites -- <${Object.keys(suites).join('|')}>`);
  process.exit(2);
}
try {
  const passed = await suite();
  process.exit(passed ? 0 : 1);
} catch (error) {
  console.error(error instanceof MirrorMissing ? error.message : error);
  process.exit(1);
}
