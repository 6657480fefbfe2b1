import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { ConfigurationSet, EmailIdentity, EmailSendingEvent, EventDestination, Identity } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { SqsSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag';
import { mailEventNames, mailIdentity, runsFullSuite, type StageConfig } from '../stages';

export interface MailStackProps extends StackProps {
  stage: StageConfig;
}

/**
 * The SES identity the stage sends from (`mail.from` in cdk.json). Functions that send (`needs.email`) are granted
 * ses:SendEmail on it by name, so they need no reference to this stack. A new account's SES is in the sandbox:
 * it only delivers to verified addresses until production access is granted (docs/developing.md, E-mail).
 *
 * On the stages the full integration suite runs against, the identity's default configuration set publishes
 * SES's own events (sent, delivered, bounced, rejected...) through SNS into a queue the suite reads, which is
 * how it sees that a change mailed someone without an inbox of its own. Prod has neither.
 */
export class MailStack extends Stack {
  readonly identity: EmailIdentity;
  readonly configurationSet?: ConfigurationSet;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const sender = mailIdentity(stage);
    if (runsFullSuite(stage)) {
      const names = mailEventNames(stage);
      this.configurationSet = new ConfigurationSet(this, 'MailConfigurationSet', { configurationSetName: names.configurationSet });
      const topic = new Topic(this, 'MailEventsTopic', { displayName: `Mentoring ${stage.name} SES events`, enforceSSL: true });
      acknowledge(topic, 'AwsSolutions-SNS2', 'SES events of test mail on a non-production stage: addresses and subjects of the suite\'s own members; a customer managed key would cost a fixed monthly fee.');
      const queue = new Queue(this, 'MailEvents', {
        queueName: names.queue,
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        // A run reads its mail within minutes; what nobody read is of no use a day later.
        retentionPeriod: Duration.days(1),
      });
      acknowledge(queue, 'AwsSolutions-SQS3', 'The suite reads and deletes these events; one that no run reads expires with the queue\'s retention, and a dead-letter queue would only hold more of them.');
      topic.addSubscription(new SqsSubscription(queue, { rawMessageDelivery: true }));
      this.configurationSet.addEventDestination('ToSuite', {
        destination: EventDestination.snsTopic(topic),
        events: [EmailSendingEvent.SEND, EmailSendingEvent.DELIVERY, EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT, EmailSendingEvent.REJECT, EmailSendingEvent.RENDERING_FAILURE, EmailSendingEvent.DELIVERY_DELAY],
      });
      new CfnOutput(this, 'MailEventsQueueUrl', { value: queue.queueUrl, description: 'SES events of the stage\'s mail, for the integration suite' });
    }
    this.identity = new EmailIdentity(this, 'SenderIdentity', {
      identity: sender.kind === 'domain' ? Identity.domain(sender.name) : Identity.email(sender.name),
      configurationSet: this.configurationSet,
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
