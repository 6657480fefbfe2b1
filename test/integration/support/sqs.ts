import { SQSClient } from '@aws-sdk/client-sqs';

/**
 * An SQS client for one of the stage's test queues. The environment configures AWS's SDK where a stage is reached
 * as deployed; a plain local run has none of it. The queue's own host is SQS's endpoint for it, on AWS and for the
 * local twin alike.
 */
export const queueClient = (queueUrl: string) => {
  const endpoint = new URL(queueUrl).origin;
  return new SQSClient(process.env.AWS_REGION ? { endpoint } : { endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
};
