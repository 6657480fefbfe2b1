// The video stand-in with the call test page on its own, for trying it by hand (its figures: `npm run bench -- stand-in`):
// `npx tsx test/stream-video/serve.ts` prints its address; tokens are signed with the harness's test secret.
import { createCallPage } from './page/call-page';
import { startVideoHarness } from '../../infra/local/stream';

const harness = await startVideoHarness({ port: Number(process.env.PORT ?? 0), extra: await createCallPage() });
console.log(JSON.stringify({ baseUrl: harness.baseUrl, apiKey: harness.apiKey, pid: process.pid }));
