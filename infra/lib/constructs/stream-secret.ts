import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { StageName } from '../stages';

/**
 * The Stream API key and secret, as JSON {"apiKey","apiSecret"}. Imported by name, not created here:
 * its values come from Stream's dashboard, so an operator creates it once per stage
 * (`aws secretsmanager create-secret --name mentoring/<stage>/stream --secret-string '{"apiKey":"…","apiSecret":"…"}'`)
 * and no deploy can ever overwrite it.
 */
export const streamSecretName = (stage: StageName) => `mentoring/${stage}/stream`;

export const importStreamSecret = (scope: Construct, stage: StageName): ISecret =>
  Secret.fromSecretNameV2(scope, 'StreamSecret', streamSecretName(stage));
