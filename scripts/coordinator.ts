/**
 * `npm run coordinator -- --stage dev --email someone@example.org`: makes an existing member a programme
 * coordinator on a deployed stage, the first one included (later ones can be added in the app). Uses the
 * usual AWS credentials; the pool comes from the stage's auth stack outputs, the region from cdk.json.
 * The member sees coordinator pages after their next sign-in (the group is carried by the ID token).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { AdminAddUserToGroupCommand, CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { COORDINATORS_GROUP } from '@mentoring/shared';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));

export const stageRegion = (stage: string) => {
  const { context } = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: { stages: Record<string, { region: string }> } };
  const settings = context.stages[stage];
  if (!settings) throw new Error(`Unknown stage "${stage}": choose one of ${Object.keys(context.stages).join(', ')}.`);
  return settings.region;
};

export const userPoolIdOf = async (cloudFormation: CloudFormationClient, stage: string) => {
  const stackName = `Mentoring-${stage}-Auth`;
  const { Stacks = [] } = await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }));
  const id = Stacks[0]?.Outputs?.find((output) => output.OutputKey === 'UserPoolId')?.OutputValue;
  if (!id) throw new Error(`${stackName} has no UserPoolId output: is the stage deployed?`);
  return id;
};

/** Adds the account with this e-mail address to the coordinators group; answers its sub. */
export const makeCoordinator = async (cognito: CognitoIdentityProviderClient, userPoolId: string, email: string) => {
  for (const candidate of [...new Set([email, email.toLowerCase()])]) {
    const { Users = [] } = await cognito.send(new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${candidate.replaceAll('"', '\\"')}"`, Limit: 2 }));
    const user = Users[0];
    if (user?.Username) {
      await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: user.Username, GroupName: COORDINATORS_GROUP }));
      return user.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value ?? user.Username;
    }
  }
  throw new Error(`No account has the e-mail address ${email} in pool ${userPoolId}: sign up in the app first, then run this again.`);
};

const main = async () => {
  const { values } = parseArgs({ options: { stage: { type: 'string' }, email: { type: 'string' }, 'user-pool-id': { type: 'string' } } });
  if (!values.stage || !values.email) {
    console.error('Usage: npm run coordinator -- --stage <dev|staging|prod> --email <address> [--user-pool-id <id>]');
    process.exit(2);
  }
  const region = stageRegion(values.stage);
  const cloudFormation = new CloudFormationClient({ region });
  const cognito = new CognitoIdentityProviderClient({ region });
  try {
    const userPoolId = values['user-pool-id'] ?? (await userPoolIdOf(cloudFormation, values.stage));
    const sub = await makeCoordinator(cognito, userPoolId, values.email);
    console.log(`${values.email} (${sub}) is now a coordinator of stage ${values.stage}. They see the coordinator pages after their next sign-in.`);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  } finally {
    cloudFormation.destroy();
    cognito.destroy();
  }
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
