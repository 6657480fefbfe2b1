import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  FeaturePlan,
  Mfa,
  UserPool,
  UserPoolEmail,
  VerificationEmailStyle,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { COORDINATORS_GROUP, PASSWORD_POLICY, TEST_MEMBERS_GROUP } from '@mentoring/shared';
import { mailIdentity, runsFullSuite, type StageConfig } from '../stages';
import { userPoolRateLimitedBody, userPoolWebAclRules, webAclProps } from '../waf';

/** Requests the user pool's web ACL may block in 5 minutes before someone is told: a script at work, not a person. */
export const USER_POOL_BLOCKED_ALARM_THRESHOLD = 50;

export interface AuthStackProps extends StackProps {
  stage: StageConfig;
}

/**
 * The Cognito user pool the SPA signs up and signs in with (Amplify Auth) and whose ID tokens the
 * API verifies. The local stage creates the same pool in cognito-local (infra/local/cognito.ts).
 */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  /** With `waf`: the alarm the monitoring stack raises on the user pool's blocked requests. */
  readonly webAclBlocked?: { id: string; metric: Metric; description: string; threshold: number };

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `mentoring-${stage.name}`,
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: true, mutable: true },
      },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: 'Your mentoring platform verification code',
        emailBody: 'Your verification code is {####}.',
      },
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireLowercase: PASSWORD_POLICY.requireLowercase,
        requireUppercase: PASSWORD_POLICY.requireUppercase,
        requireDigits: PASSWORD_POLICY.requireDigits,
        requireSymbols: PASSWORD_POLICY.requireSymbols,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Codes and resets go out through the stage's SES identity (mail stack), not Cognito's own sender and its
      // small daily quota: sign-ups are not capped by it, and mail comes from the programme's address.
      email: UserPoolEmail.withSES({
        fromEmail: stage.mail.from,
        fromName: stage.mail.fromName,
        sesRegion: stage.region,
        sesVerifiedDomain: mailIdentity(stage).kind === 'domain' ? mailIdentity(stage).name : undefined,
      }),
      // Members may add an authenticator app; requiring one before a first conversation would keep mentees away.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: stage.retainData,
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    this.userPoolClient = this.userPool.addClient('SpaClient', {
      userPoolClientName: 'mentoring-spa',
      // A browser app cannot keep a secret.
      generateSecret: false,
      // Amplify's default flow (SRP): the password never leaves the browser. USER_PASSWORD_AUTH is only
      // needed by cognito-local, whose pool is created separately.
      authFlows: { userSrp: true, userPassword: false, custom: false, adminUserPassword: false },
      // The SPA has its own forms; no hosted UI, so no OAuth flows or callback URLs.
      disableOAuth: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      enableTokenRevocation: true,
      // Sign-in does not tell whether an e-mail address has an account (cognito-local behaves the same way).
      preventUserExistenceErrors: true,
    });

    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions::AwsSolutions-COG2',
      reason: 'MFA is optional (TOTP) rather than required: mentees and volunteers sign up on first contact, and a required second factor would block that; members can turn it on.',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions::AwsSolutions-COG8',
      reason: 'Threat protection (advanced security) needs the Plus feature plan, priced per active user; the pool uses the Essentials plan until the product has users whose risk justifies it.',
    });

    // Membership puts `cognito:groups` into the ID token, which the API's `coordinator` routes check. The
    // first coordinator is made with `npm run coordinator` (docs/operating.md); later ones by coordinators in the app.
    new CfnUserPoolGroup(this, 'CoordinatorsGroup', {
      userPoolId: this.userPool.userPoolId,
      groupName: COORDINATORS_GROUP,
      description: 'Programme coordinators: review applications, edit the programme settings, add coordinators.',
    });

    if (runsFullSuite(stage)) {
      new CfnUserPoolGroup(this, 'TestMembersGroup', {
        userPoolId: this.userPool.userPoolId,
        groupName: TEST_MEMBERS_GROUP,
        description: 'Members the integration suite made: it deletes them when it ends, the daily clean-up what a killed run left.',
      });
    }

    if (stage.waf) {
      // Sign-up and sign-in calls go from the browser to Cognito directly; this ACL limits them per address.
      const name = `mentoring-${stage.name}-user-pool`;
      const webAcl = new CfnWebACL(this, 'UserPoolWebAcl', webAclProps(name, 'REGIONAL', userPoolWebAclRules(), userPoolRateLimitedBody()));
      new CfnWebACLAssociation(this, 'UserPoolWebAclAssociation', { resourceArn: this.userPool.userPoolArn, webAclArn: webAcl.attrArn });
      this.webAclBlocked = {
        id: 'UserPoolBlockedRequestsAlarm',
        metric: new Metric({
          namespace: 'AWS/WAFV2',
          metricName: 'BlockedRequests',
          dimensionsMap: { WebACL: name, Region: stage.region, Rule: 'ALL' },
          period: Duration.minutes(5),
          statistic: 'Sum',
        }),
        description: `The user pool's web ACL blocked ${USER_POOL_BLOCKED_ALARM_THRESHOLD} or more sign-up or sign-in calls in 5 minutes`,
        threshold: USER_POOL_BLOCKED_ALARM_THRESHOLD,
      };
    }

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
  }
}
