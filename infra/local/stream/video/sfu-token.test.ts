import { describe, expect, it } from 'vitest';
import { createSfuTokens } from './sfu-token';

const grant = { user_id: 'ada', call_cid: 'default:c1', role: 'user', capabilities: ['join-call'] };

describe('SFU tokens', () => {
  it('verifies what it issued', () => {
    const tokens = createSfuTokens();
    expect(tokens.verify(tokens.issue(grant))).toMatchObject(grant);
  });

  it('refuses a token of another key, a changed token, an expired one and garbage', () => {
    const tokens = createSfuTokens();
    expect(tokens.verify(createSfuTokens().issue(grant))).toBeUndefined();
    const [header, , signature] = tokens.issue(grant).split('.');
    const forged = Buffer.from(JSON.stringify({ ...grant, call_cid: 'default:other', exp: 9e9 })).toString('base64url');
    expect(tokens.verify(`${header}.${forged}.${signature}`)).toBeUndefined();
    expect(tokens.verify(tokens.issue(grant, -10))).toBeUndefined();
    expect(tokens.verify('not-a-token')).toBeUndefined();
  });
});
