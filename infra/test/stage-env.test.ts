import { describe, expect, it } from 'vitest';
import { stageEnv } from '../lib/stage-env';

describe('stage environment for the integration suite', () => {
  it('maps the deployed stage outputs to BASE_URL and STAGE_TABLES', () => {
    const outputs = {
      'Mentoring-dev-Web': { BaseUrl: 'https://d111.cloudfront.net', DistributionId: 'E1' },
      'Mentoring-dev-Data': { Tables: '{"feedback":"Mentoring-dev-Data-FeedbackTable-1"}' },
      'Mentoring-staging-Web': { BaseUrl: 'https://wrong.example' },
    };
    expect(stageEnv('dev', outputs)).toEqual({ BASE_URL: 'https://d111.cloudfront.net', STAGE_TABLES: '{"feedback":"Mentoring-dev-Data-FeedbackTable-1"}', STREAM_SECRET_ID: 'mentoring/dev/stream' });
  });

  it('passes on the mail and bus event queues, the buckets and the schedule kinds\' functions where the stage has them', () => {
    const outputs = {
      'Mentoring-dev-Web': { BaseUrl: 'https://d111.cloudfront.net' },
      'Mentoring-dev-Data': { Tables: '{}' },
      'Mentoring-dev-Mail': { MailEventsQueueUrl: 'https://sqs.eu-central-1.amazonaws.com/1/q' },
      'Mentoring-dev-Events': { BusEventsQueueUrl: 'https://sqs.eu-central-1.amazonaws.com/1/b', ArchiveBucketArn: 'arn:aws:s3:::mentoring-dev-archive-1' },
      'Mentoring-dev-Media': { MediaBucketName: 'mentoring-dev-media-1' },
      'Mentoring-dev-Schedules': { ScheduleTargets: '{"session-reminder":"mentoring-dev-schedule-session-reminder"}' },
    };
    expect(stageEnv('dev', outputs)).toMatchObject({
      MAIL_EVENTS_QUEUE_URL: 'https://sqs.eu-central-1.amazonaws.com/1/q',
      BUS_EVENTS_QUEUE_URL: 'https://sqs.eu-central-1.amazonaws.com/1/b',
      STAGE_BUCKETS: '{"archive":"mentoring-dev-archive-1","media":"mentoring-dev-media-1"}',
      STAGE_SCHEDULE_TARGETS: '{"session-reminder":"mentoring-dev-schedule-session-reminder"}',
    });
  });

  it('fails clearly when the stage outputs are missing', () => {
    expect(() => stageEnv('prod', {})).toThrow('Output BaseUrl of Mentoring-prod-Web is missing');
  });
});
