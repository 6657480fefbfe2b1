import { App, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { routeList } from '@mentoring/shared';
import { resolveStage } from '../lib/stages';
import { AuthStack } from '../lib/stacks/auth-stack';
import { cdkContext, sharedStage, templateWithNested } from './synth';

const routes = routeList();

describe('auth stack', () => {
  const { stacks } = sharedStage('dev');
  const auth = Template.fromStack(stacks.auth);

  it('signs in by e-mail, requires a name, and verifies the e-mail address by code', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'email', Required: true }),
        Match.objectLike({ Name: 'name', Required: true }),
      ]),
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  it('asks for a strong password (the policy the sign-up form checks)', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({ MinimumLength: 8, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true }),
      },
    });
  });

  it('has one public SPA client: no secret, SRP sign-in, hour-long tokens and a 30-day session', () => {
    auth.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      IdTokenValidity: 60,
      AccessTokenValidity: 60,
      RefreshTokenValidity: 43200,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
      AllowedOAuthFlows: Match.absent(),
      EnableTokenRevocation: true,
      PreventUserExistenceErrors: 'ENABLED',
    });
  });

  it('keeps the pool of prod when the stack goes', () => {
    const prod = Template.fromStack(sharedStage('prod').stacks.auth);
    const [pool] = Object.values(prod.findResources('AWS::Cognito::UserPool'));
    expect(pool).toMatchObject({ DeletionPolicy: 'Retain', Properties: { DeletionProtection: 'ACTIVE' } });
  });

  it('passes cdk-nag AwsSolutions, with reasons for optional MFA and no threat protection', () => {
    const app = new App();
    const stage = resolveStage('dev', cdkContext().stages);
    new AuthStack(app, 'NagAuth', { stage, env: { region: stage.region } });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).not.toThrow();
  });
});

describe('api stack: identity', () => {
  const { stacks } = sharedStage('dev');
  const api = templateWithNested(stacks.api);

  it('puts no JWT authorizer in front of any route: the functions verify ID tokens and answer in the documented shape', () => {
    api.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 0);
    const apiRoutes = Object.values(api.findResources('AWS::ApiGatewayV2::Route')) as { Properties: { RouteKey: string; AuthorizationType?: string } }[];
    for (const route of routes) {
      const declared = apiRoutes.find((entry) => entry.Properties.RouteKey === `${route.method} ${route.path}`);
      expect({ route: route.path, type: declared?.Properties.AuthorizationType ?? 'NONE' }).toEqual({ route: route.path, type: 'NONE' });
    }
  });

  it('tells the functions of optional and required routes which pool and client to trust', () => {
    api.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({ POWERTOOLS_SERVICE_NAME: 'http-feedback-create', COGNITO_USER_POOL_ID: Match.anyValue(), COGNITO_CLIENT_ID: Match.anyValue() }),
      },
    });
    const health = Object.values(api.findResources('AWS::Lambda::Function')).find(
      (fn) => (fn as { Properties: { Environment: { Variables: Record<string, unknown> } } }).Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME === 'http-health-get',
    ) as { Properties: { Environment: { Variables: Record<string, unknown> } } };
    expect(health.Properties.Environment.Variables).not.toHaveProperty('COGNITO_USER_POOL_ID');
  });
});
