import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getStreamCredentials, StreamNotConfiguredError } from './credentials';

const secrets = mockClient(SecretsManagerClient);
const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:stream-AbCdEf';

describe('getStreamCredentials', () => {
  beforeEach(() => {
    secrets.reset();
    delete process.env.STREAM_SECRET_ARN;
    delete process.env.STREAM_API_KEY;
    delete process.env.STREAM_API_SECRET;
  });
  afterEach(() => delete process.env.STREAM_SECRET_ARN);

  it('reads the environment on the local stage', async () => {
    process.env.STREAM_API_KEY = 'key';
    process.env.STREAM_API_SECRET = 'secret';
    await expect(getStreamCredentials()).resolves.toEqual({ apiKey: 'key', apiSecret: 'secret' });
    expect(secrets.calls()).toHaveLength(0);
  });

  it('throws a clear error when nothing is configured', async () => {
    process.env.STREAM_API_KEY = 'key';
    await expect(getStreamCredentials()).rejects.toBeInstanceOf(StreamNotConfiguredError);
    await expect(getStreamCredentials()).rejects.toThrow(/STREAM_API_SECRET/);
  });

  it('reads the secret from Secrets Manager once per container in AWS', async () => {
    process.env.STREAM_SECRET_ARN = ARN;
    process.env.STREAM_API_SECRET = 'ignored-in-aws';
    secrets.on(GetSecretValueCommand, { SecretId: ARN }).resolves({ SecretString: '{"apiKey":"aws-key","apiSecret":"aws-secret"}' });
    await expect(getStreamCredentials()).resolves.toEqual({ apiKey: 'aws-key', apiSecret: 'aws-secret' });
    await expect(getStreamCredentials()).resolves.toEqual({ apiKey: 'aws-key', apiSecret: 'aws-secret' });
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('refuses a secret without both fields', async () => {
    process.env.STREAM_SECRET_ARN = `${ARN}-other`;
    secrets.on(GetSecretValueCommand).resolves({ SecretString: '{"apiKey":"aws-key"}' });
    await expect(getStreamCredentials()).rejects.toThrow(/apiSecret/);
  });
});
