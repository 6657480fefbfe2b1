/**
 * Every business metric the functions publish (Powertools, namespace METRICS_NAMESPACE): handlers emit
 * only names from this table (functions/src/lib/metrics.ts), and the monitoring dashboard graphs it, so
 * a graph can never wait for a metric that nothing sends. `emittedIn` names the module under functions/src
 * that emits it; a test reads that module to check it does.
 */

/** The Powertools metrics namespace every function publishes to (POWERTOOLS_METRICS_NAMESPACE). */
export const METRICS_NAMESPACE = 'Mentoring';

/** CloudWatch units this project uses, spelled as Powertools' MetricUnit values are. */
export type BusinessMetricUnit = 'Count' | 'Bytes';

export interface BusinessMetricDefinition {
  unit: BusinessMetricUnit;
  /** Module under functions/src (without `.ts`) that emits it. */
  emittedIn: string;
  description: string;
  /** Dimensions besides Powertools' `service`, with the values they take. */
  dimensions?: Readonly<Record<string, readonly string[]>>;
  /**
   * Any occurrence needs a human: the monitoring stack alarms on it. Such a metric is published under the
   * fixed service `emittedIn` (slashes as dashes) whichever function emits it (`emitAlarmedMetric`), so
   * one alarm sees them all, and again with the emitting function as a `function` dimension, for the dashboard.
   */
  alarm?: string;
}

export const businessMetrics = {
  FeedbackSubmitted: { unit: 'Count', emittedIn: 'http/feedback/create', description: 'Feedback messages stored' },
  TokensMinted: {
    unit: 'Count',
    emittedIn: 'http/chat/get-or-create-token',
    description: 'Stream user tokens issued, to guests and to members',
    dimensions: { kind: ['guest', 'member'] },
  },
  WebhooksReceived: {
    unit: 'Count',
    emittedIn: 'http/webhooks/stream',
    description: 'Signed Stream webhook deliveries: published to the bus, a retry or replay already published, or a stale event ignored',
    dimensions: { outcome: ['published', 'duplicate', 'stale'] },
  },
  StreamEventConsumed: { unit: 'Count', emittedIn: 'lib/events/handler', description: 'Bus events a consumer handled' },
  CallFeatureChanged: { unit: 'Count', emittedIn: 'events/call-status/handler', description: 'Recording, transcription, captions or broadcast switched' },
  // The events stack alarms on it, so it keeps only the `service` dimension the alarm names.
  CallFeatureFailed: { unit: 'Count', emittedIn: 'events/call-status/handler', description: 'A call feature Stream reported as failed' },
  ArtifactArchived: { unit: 'Count', emittedIn: 'events/call-archive/handler', description: 'Recordings and transcripts copied to S3' },
  ArtifactBytes: { unit: 'Bytes', emittedIn: 'events/call-archive/handler', description: 'Bytes of recordings and transcripts copied to S3' },
  NotificationFailed: {
    unit: 'Count',
    emittedIn: 'lib/notify',
    description: 'E-mails or events not sent after a stored change (logged)',
    alarm: 'A stored change was not followed by its e-mail, event or schedule: a member was not told, or a rule did not run (the log names what)',
  },
  DirectoryRefreshReadUnits: { unit: 'Count', emittedIn: 'directory/cache', description: 'Read capacity a directory snapshot refresh cost' },
  ScheduleRan: { unit: 'Count', emittedIn: 'lib/schedule-handler', description: 'One-time schedules that ran their handler' },
  DigestMailsSent: { unit: 'Count', emittedIn: 'schedules/weekly-digest', description: "Weekly digests e-mailed to coordinators" },
  AnswerContractMismatch: {
    unit: 'Count',
    emittedIn: 'lib/http/handler',
    description: "Answers that did not match their route's response schema (deployed stages answer anyway and log the issues)",
    alarm: "An API answer did not match its route's response schema: a view is out of step with the contract (the log names the route)",
  },
  StreamUserUpserted: { unit: 'Count', emittedIn: 'events/stream-identity/handler', description: "Members' Stream users created or updated" },
} as const satisfies Record<string, BusinessMetricDefinition>;

export type BusinessMetrics = typeof businessMetrics;
export type BusinessMetricName = keyof BusinessMetrics;

/** The dimensions a metric is emitted with: exactly those its entry names, with one of their values each. */
export type BusinessMetricDimensions<N extends BusinessMetricName> = BusinessMetrics[N] extends {
  dimensions: infer D extends Readonly<Record<string, readonly string[]>>;
}
  ? { [K in keyof D]: D[K][number] }
  : undefined;
