import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { inject } from 'vitest';

let read: Promise<{ apiKey: string; apiSecret: string }> | undefined;

/**
 * The stage's Stream key and secret: the local stage's own where it runs as itself, otherwise its secret in Secrets
 * Manager (STREAM_SECRET_ID, read as the pipeline's role may; locally its twin, as AWS's SDK finds Secrets Manager).
 * The suite signs webhooks with it as the stage's Stream app does.
 */
export const stageStreamCredentials = async () => {
  const local = inject('streamCredentials');
  if (local) return local;
  const SecretId = inject('streamSecretId');
  if (!SecretId) throw new Error('No Stream secret named for this stage: set STREAM_SECRET_ID (npx tsx infra/bin/stage-env.ts prints it)');
  read ??= (async () => {
    const client = new SecretsManagerClient({});
    try {
      const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId }));
      return JSON.parse(SecretString ?? '{}') as { apiKey: string; apiSecret: string };
    } finally {
      client.destroy();
    }
  })();
  return read;
};
