// A video stand-in with the call test page, for trying it by hand: `npx tsx infra/local/stream/video/testing/serve.ts`.
import { createCallPage } from './call-page';
import { startVideoHarness } from './harness';

const harness = await startVideoHarness({ port: Number(process.env.PORT ?? 0), extra: await createCallPage() });
console.log(JSON.stringify({ baseUrl: harness.baseUrl, apiKey: harness.apiKey, alice: harness.userToken('alice'), bob: harness.userToken('bob') }));
