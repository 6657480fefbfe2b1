import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  ListGroupsCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { COORDINATORS_GROUP, PASSWORD_POLICY } from '@mentoring/shared';
import { rememberedPort } from './ports';
import { stopChild, trackChild } from './processes';
import { localCredentials } from './dynamodb';

export const LOCAL_POOL_NAME = 'mentoring-local';
export const LOCAL_CLIENT_NAME = 'mentoring-spa';

export interface CognitoLocalInfo {
  /** Where the browser and the SDKs send Cognito API calls (Amplify's `userPoolEndpoint`). */
  endpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The `iss` claim of this pool's tokens, and where its signing keys are served. */
  issuer: string;
  jwksUri: string;
}

export interface CognitoLocal extends CognitoLocalInfo {
  stop: () => Promise<void>;
  /** Settles with how the process ended, if it ends without stop() (infra/local/supervisor.ts restarts it). */
  ended: Promise<string>;
  pid?: number;
}

const waitUntilHealthy = async (url: string, child: ChildProcess, output: () => string) => {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`cognito-local exited (code ${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`cognito-local did not start within 30 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** The same pool settings as the CDK auth stack, as far as cognito-local understands them. */
const ensurePoolAndClient = async (client: CognitoIdentityProviderClient) => {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((pool) => pool.Name === LOCAL_POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: LOCAL_POOL_NAME,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Schema: [
          { Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true },
          { Name: 'name', AttributeDataType: 'String', Required: true, Mutable: true },
        ],
        Policies: {
          PasswordPolicy: {
            MinimumLength: PASSWORD_POLICY.minLength,
            RequireLowercase: PASSWORD_POLICY.requireLowercase,
            RequireUppercase: PASSWORD_POLICY.requireUppercase,
            RequireNumbers: PASSWORD_POLICY.requireDigits,
            RequireSymbols: PASSWORD_POLICY.requireSymbols,
          },
        },
      }),
    );
    userPoolId = created.UserPool!.Id!;
  }
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((entry) => entry.ClientName === LOCAL_CLIENT_NAME)?.ClientId;
  if (!userPoolClientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: LOCAL_CLIENT_NAME,
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    userPoolClientId = created.UserPoolClient!.ClientId!;
  }
  // As the CDK auth stack's CfnUserPoolGroup: cognito-local puts its groups into ID tokens (cognito:groups).
  const { Groups = [] } = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  if (!Groups.some((group) => group.GroupName === COORDINATORS_GROUP)) {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: COORDINATORS_GROUP }));
  }
  return { userPoolId, userPoolClientId };
};

/**
 * cognito-local in its own process. It keeps users in `<dataDir>/.cognito`; without a data
 * directory it works in a temporary one that stop() removes.
 */
export const startCognitoLocal = async ({
  dataDir,
  onCode,
}: {
  dataDir?: string;
  /** Called with each code cognito-local would have e-mailed (confirmation, password reset). */
  onCode?: (delivery: { destination: string; code: string }) => void;
}): Promise<CognitoLocal> => {
  const workDir = dataDir ?? mkdtempSync(join(tmpdir(), 'cognito-local-'));
  const configDir = join(workDir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  const stateFile = dataDir ? join(workDir, 'port.json') : null;
  // The port is part of the tokens' issuer: keeping it keeps the browser's stored session valid across restarts.
  const port = await rememberedPort(stateFile);
  const endpoint = `http://localhost:${port}`;
  writeFileSync(join(configDir, 'config.json'), JSON.stringify({ TokenConfig: { IssuerDomain: endpoint } }, null, 2));

  const child = trackChild(
    spawn(process.execPath, [fileURLToPath(new URL('./cognito-local-server.mjs', import.meta.url))], {
      cwd: workDir,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    const destination = /Destination:\s+(\S+)/.exec(text)?.[1];
    const code = /Code:\s+(\S+)/.exec(text)?.[1];
    if (onCode && destination && code) onCode({ destination, code });
  });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let stopping = false;
  const ended = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => {
      if (!stopping) resolve(`exited (${signal ?? `code ${code}`})`);
    }),
  );

  const client = new CognitoIdentityProviderClient({ endpoint: `http://127.0.0.1:${port}`, region: 'local', credentials: localCredentials });
  const stop = async () => {
    stopping = true;
    client.destroy();
    await stopChild(child);
    if (!dataDir) rmSync(workDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(`http://127.0.0.1:${port}`, child, () => output);
    const { userPoolId, userPoolClientId } = await ensurePoolAndClient(client);
    return {
      endpoint,
      userPoolId,
      userPoolClientId,
      issuer: `${endpoint}/${userPoolId}`,
      jwksUri: `http://127.0.0.1:${port}/${userPoolId}/.well-known/jwks.json`,
      stop,
      ended,
      pid: child.pid,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
