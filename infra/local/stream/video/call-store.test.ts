import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CallStore } from './call-store';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'video-calls-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('CallStore', () => {
  it('keeps calls in memory without a data directory', () => {
    const store = new CallStore();
    store.create('default', 'a', 'ada', '2026-01-01T00:00:00.000Z');
    store.save();
    expect(store.get('default:a')?.created_by).toBe('ada');
    expect(new CallStore().get('default:a')).toBeUndefined();
  });

  it('reads back what it saved in its data directory', () => {
    const dir = dataDir();
    const store = new CallStore(dir);
    const call = store.create('default', 'a', 'ada', '2026-01-01T00:00:00.000Z');
    call.members.grace = { user_id: 'grace', custom: {}, created_at: call.created_at, updated_at: call.created_at };
    store.save();
    expect(new CallStore(dir).get('default:a')?.members.grace?.user_id).toBe('grace');
  });

  it('ends a session a restart cut short, at the last moment it knew of, and stops its recording', () => {
    const dir = dataDir();
    const store = new CallStore(dir);
    const call = store.create('default', 'a', 'ada', '2026-01-01T00:00:00.000Z');
    call.recording = true;
    call.session = {
      id: 's1', started_at: '2026-01-01T00:01:00.000Z', accepted_by: {}, rejected_by: {}, missed_by: {},
      participants: [
        { user_id: 'ada', user_session_id: 'u1', role: 'user', joined_at: '2026-01-01T00:01:00.000Z' },
        { user_id: 'grace', user_session_id: 'u2', role: 'user', joined_at: '2026-01-01T00:02:00.000Z' },
      ],
    };
    store.save();
    const reloaded = new CallStore(dir).get('default:a')!;
    expect(reloaded.session?.ended_at).toBe('2026-01-01T00:02:00.000Z');
    expect(reloaded.session?.participants.every((p) => p.left_at === '2026-01-01T00:02:00.000Z')).toBe(true);
    expect(reloaded.recording).toBe(false);
  });
});
