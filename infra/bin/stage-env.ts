// Usage: tsx infra/bin/stage-env.ts <stage> <cdk-outputs.json> >> "$GITHUB_ENV"
import { readFileSync } from 'node:fs';
import { stageEnv } from '../lib/stage-env';

const [stage, file] = process.argv.slice(2);
if (!stage || !file) {
  console.error('Usage: tsx infra/bin/stage-env.ts <stage> <cdk-outputs.json>');
  process.exit(2);
}
const env = stageEnv(stage, JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>);
for (const [name, value] of Object.entries(env)) console.log(`${name}=${value}`);
