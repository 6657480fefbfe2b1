// `npm start`: make sure dependencies are installed, then run the local stage in this same process,
// so that Ctrl-C and SIGTERM reach one process that stops every child it started.
import { ensureDependencies } from './ensure-deps.mjs';

ensureDependencies();
const { register } = await import('tsx/esm/api');
register();
// Before the stage: the stand-in's captions, transcripts and recordings use them (scripts/media-tools.ts).
const { ensureMediaTools } = await import('./media-tools.ts');
ensureMediaTools();
await import('../infra/local/start.ts');
