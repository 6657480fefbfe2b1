import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { mailIdentity, type StageConfig } from '../stages';

export interface MailStackProps extends StackProps {
  stage: StageConfig;
}

/**
 * The SES identity the stage sends from (`mail.from` in cdk.json). Functions that send (`needs.email`) are granted
 * ses:SendEmail on it by name, so they need no reference to this stack. A new account's SES is in the sandbox:
 * it only delivers to verified addresses until production access is granted (docs/developing.md, E-mail).
 */
export class MailStack extends Stack {
  readonly identity: EmailIdentity;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const sender = mailIdentity(props.stage);
    this.identity = new EmailIdentity(this, 'SenderIdentity', {
      identity: sender.kind === 'domain' ? Identity.domain(sender.name) : Identity.email(sender.name),
    });
    new CfnOutput(this, 'SenderIdentityName', { value: sender.name, description: `SES ${sender.kind} identity the stage sends from` });
    if (sender.kind === 'domain') {
      // The three DKIM CNAME records to publish in the domain's DNS; SES verifies the domain once they resolve.
      this.identity.dkimRecords.forEach((record, index) => {
        new CfnOutput(this, `DkimRecord${index + 1}`, { value: `${record.name} CNAME ${record.value}` });
      });
    }
  }
}
