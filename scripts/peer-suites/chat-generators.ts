import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestStandIn } from '../../test/support/stream-stand-in';
import { mirrorOf, within } from './mirror';

/**
 * stream-chat-js's own API-call generators (test/typescript/response-generators: each makes the calls of one SDK
 * method against a Stream app and returns its answer) run with OUR installed stream-chat against a stand-in started
 * here. Their clients are ours with the stand-in's baseURL; their `.env` is replaced by the stand-in's key and secret.
 * Which generators run is read from their test/typescript/index.js (the ones it does not comment out).
 *
 * What the product does not use answers Stream's error shape instead (docs/local-stage.md lists why); a generator of
 * that list that completes, or one of the product's scope that does not, fails the run.
 */
export const OUT_OF_SCOPE: Readonly<Record<string, string>> = {
  acceptInvite: 'invites', rejectInvite: 'invites', inviteMembers: 'invites',
  addDevice: 'devices (push)', getDevices: 'devices (push)',
  addFilterTags: 'channel filter tags', removeFilterTags: 'channel filter tags',
  addModerators: 'channel moderators', demoteModerators: 'channel moderators',
  banUsers: 'bans', unbanUsers: 'bans', shadowBan: 'bans', removeShadowBan: 'bans',
  createBlockList: 'blocklists', deleteBlockList: 'blocklists', getBlockList: 'blocklists', listBlockLists: 'blocklists', updateBlockList: 'blocklists',
  createCommand: 'commands', deleteCommand: 'commands', getCommand: 'commands', listCommands: 'commands', updateCommand: 'commands', sendAction: 'commands (/giphy)',
  createPermission: 'permissions', deletePermission: 'permissions', getPermission: 'permissions', listPermissions: 'permissions', updatePermission: 'permissions',
  getChannelType: 'channel types', listChannelTypes: 'channel types', updateChannelType: 'channel types',
  updateAppSettings: 'app settings',
  exportUser: 'user export', flagMessage: 'flags', flagUser: 'flags',
  sync: 'sync', syncTeam: 'multi-tenancy',
  queryTeamUsageStats: 'usage statistics', queryTeamUsageStatsWithMonth: 'usage statistics', queryTeamUsageStatsWithDateRange: 'usage statistics',
  setGuestUser: 'guests',
};

type Outcome = { name: string; completed: boolean; detail: string; streamShape: boolean };

const streamErrorShape = (error: unknown) => {
  // stream-chat turns Stream's {code, message, StatusCode} into an Error with `code` and `status` set.
  const e = error as { code?: unknown; status?: unknown; message?: string };
  return typeof e.code === 'number' && typeof e.status === 'number' && /^StreamChat error code \d+: /.test(e.message ?? '');
};

export const runChatGenerators = async () => {
  const repo = mirrorOf('GetStream/stream-chat-js');
  const scratch = mkdtempSync(join(tmpdir(), 'peer-chat-generators-'));
  const env = await startTestStandIn();
  const cwd = process.cwd();
  try {
    repo.extract('test/typescript', scratch);
    // Their utils.js requires the package's build and dotenv: the build is our installed stream-chat, given the
    // stand-in's baseURL; dotenv reads nothing (the key and secret are set below).
    const ours = createRequire(import.meta.url).resolve('stream-chat');
    mkdirSync(join(scratch, 'dist/cjs'), { recursive: true });
    writeFileSync(join(scratch, 'dist/cjs/index.node.js'), [
      `const sdk = require(${JSON.stringify(ours)});`,
      'class StreamChat extends sdk.StreamChat {',
      '  constructor(...args) { super(...args); this.setBaseURL(process.env.PEER_STREAM_URL); }',
      '}',
      'module.exports = { ...sdk, StreamChat };',
    ].join('\n'));
    mkdirSync(join(scratch, 'node_modules/dotenv'), { recursive: true });
    writeFileSync(join(scratch, 'node_modules/dotenv/index.js'), 'module.exports = { config: () => ({ parsed: {} }) };');
    Object.assign(process.env, { PEER_STREAM_URL: env.standIn.url, API_KEY: env.apiKey, API_SECRET: env.secret, MULTITENANCY_API_KEY: env.apiKey, MULTITENANCY_API_SECRET: env.secret });

    const listing = readFileSync(join(scratch, 'test/typescript/index.js'), 'utf8');
    const names = [...listing.matchAll(/^\s*f:\s*rg\.(\w+)/gm)].map((m) => m[1]!);
    process.chdir(scratch); // their file uploads read ./test/typescript/response-generators/… from the repository's root
    const generators = createRequire(join(scratch, 'test/typescript/index.js'))('./response-generators/index') as Record<string, () => Promise<unknown>>;
    const outcomes: Outcome[] = [];
    for (const name of names) {
      try {
        await within(15_000, () => generators[name]!());
        outcomes.push({ name, completed: true, detail: '', streamShape: false });
      } catch (error) {
        outcomes.push({ name, completed: false, detail: (error as Error).message.slice(0, 200), streamShape: streamErrorShape(error) });
      }
    }
    return report(repo.commit, outcomes);
  } finally {
    process.chdir(cwd);
    await env.stop().catch(() => undefined);
    rmSync(scratch, { recursive: true, force: true });
  }
};

const report = (commit: string, outcomes: Outcome[]) => {
  const completed = outcomes.filter((o) => o.completed);
  console.log(`stream-chat-js@${commit.slice(0, 12)} response generators: ${completed.length} of ${outcomes.length} complete`);
  const wrong: string[] = [];
  for (const o of outcomes) {
    const scope = OUT_OF_SCOPE[o.name];
    const verdict = scope === undefined
      ? (o.completed ? 'ok' : 'FAIL (in scope)')
      : o.completed ? 'FAIL (out of scope, yet completed)' : o.streamShape ? `refused in Stream's error shape (not imitated: ${scope})` : `FAIL (out of scope, not Stream's error shape)`;
    if (verdict.startsWith('FAIL')) wrong.push(o.name);
    console.log(`${verdict.startsWith('FAIL') ? '✗' : '✓'} ${o.name}: ${verdict}${o.detail ? ` — ${o.detail}` : ''}`);
  }
  console.log(wrong.length ? `\n${wrong.length} not as expected: ${wrong.join(', ')}` : '\nEvery call of the product’s scope completes; the rest answers Stream’s error shape.');
  return wrong.length === 0;
};
