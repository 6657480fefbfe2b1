import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import { z } from 'zod';

export interface StreamCredentials {
  apiKey: string;
  apiSecret: string;
}

const secretSchema = z.object({ apiKey: z.string().min(1), apiSecret: z.string().min(1) });

/**
 * Stream's API key and secret. In AWS from Secrets Manager (STREAM_SECRET_ARN), read once per container and
 * cached by Powertools Parameters; locally from STREAM_API_KEY / STREAM_API_SECRET.
 */
export const getStreamCredentials = async (): Promise<StreamCredentials> => {
  const arn = process.env.STREAM_SECRET_ARN;
  if (arn) {
    const value = await getSecret(arn, { transform: 'json', maxAge: 3600 });
    const parsed = secretSchema.safeParse(value);
    if (!parsed.success) throw new Error('The Stream secret must be JSON with apiKey and apiSecret.');
    return parsed.data;
  }
  const apiKey = process.env.STREAM_API_KEY;
  const apiSecret = process.env.STREAM_API_SECRET;
  if (apiKey && apiSecret) return { apiKey, apiSecret };
  throw new Error('Stream is not configured: set STREAM_SECRET_ARN (AWS) or STREAM_API_KEY and STREAM_API_SECRET (local).');
};
