import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import { traced } from '../powertools';
import { sdkClientConfig } from '../aws-clients';

export interface StreamCredentials {
  apiKey: string;
  apiSecret: string;
}

const secretShape = z.object({ apiKey: z.string().min(1), apiSecret: z.string().min(1) });

/** The secret changes only on rotation; one read per container is what we pay for. */
const SECRET_MAX_AGE_SECONDS = 24 * 60 * 60;

// Made on first use: only functions that read the secret in AWS pay for the client. Its own client, so it is traced.
let secrets: SecretsProvider | undefined;

export class StreamNotConfiguredError extends Error {
  constructor() {
    super(
      'Stream credentials are not configured: set STREAM_SECRET_ARN (AWS) or STREAM_API_KEY and STREAM_API_SECRET (local stage).',
    );
    this.name = 'StreamNotConfiguredError';
  }
}

/**
 * The Stream API key and secret: from Secrets Manager in AWS (JSON {"apiKey","apiSecret"}, cached by
 * Powertools Parameters), from the environment on the local stage. The secret never leaves the server.
 */
export const getStreamCredentials = async (): Promise<StreamCredentials> => {
  const secretArn = process.env.STREAM_SECRET_ARN;
  if (secretArn) {
    secrets ??= new SecretsProvider({ awsSdkV3Client: traced(new SecretsManagerClient(sdkClientConfig())) });
    const value = await secrets.get(secretArn, { transform: 'json', maxAge: SECRET_MAX_AGE_SECONDS });
    const parsed = secretShape.safeParse(value);
    if (!parsed.success) throw new Error('The Stream secret must be JSON with non-empty "apiKey" and "apiSecret".');
    return parsed.data;
  }
  const apiKey = process.env.STREAM_API_KEY;
  const apiSecret = process.env.STREAM_API_SECRET;
  if (apiKey && apiSecret) return { apiKey, apiSecret };
  throw new StreamNotConfiguredError();
};
