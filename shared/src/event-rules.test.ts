import { describe, expect, it } from 'vitest';
import { APP_EVENT_SOURCE, appEventSchemas } from './app-events';
import { callFeatureEvents, eventRules, matchingRules, ruleSource, STREAM_EVENT_SOURCE } from './event-rules';
import { needsEnvironment } from './needs';
import { tables } from './tables';

describe('event rules', () => {
  it('routes each handled Stream event type to exactly one consumer', () => {
    const types = eventRules.flatMap((rule) => rule.detailTypes.map((type) => `${ruleSource(rule)} ${type}`));
    expect(new Set(types).size).toBe(types.length);
    expect(matchingRules('getstream.io', 'call.recording_ready').map((rule) => rule.name)).toEqual(['archive-artifacts']);
    expect(matchingRules('getstream.io', 'call.rtmp_broadcast_failed').map((rule) => rule.name)).toEqual(['call-status']);
    expect(matchingRules('getstream.io', 'call.member_removed').map((rule) => rule.name)).toEqual(['call-membership']);
  });

  it('routes the product\'s own mentorship events by their source', () => {
    expect(matchingRules('mentoring', 'mentorship.changed').map((rule) => rule.name)).toEqual(['mentorship-channel']);
    expect(matchingRules('getstream.io', 'mentorship.changed')).toEqual([]);
  });

  it('matches nothing from another source or of an unhandled type', () => {
    expect(matchingRules('aws.s3', 'call.recording_ready')).toEqual([]);
    expect(matchingRules('getstream.io', 'message.updated')).toEqual([]);
    expect(matchingRules('mentoring', 'message.new')).toEqual([]);
  });

  it('routes chat messages and reads to the message notifications', () => {
    expect(matchingRules('getstream.io', 'message.new').map((rule) => rule.name)).toEqual(['message-notifications']);
    expect(matchingRules('getstream.io', 'message.read').map((rule) => rule.name)).toEqual(['message-notifications']);
  });

  it('routes the app\'s own events by their source, not Stream\'s', () => {
    expect(matchingRules(APP_EVENT_SOURCE, 'member.changed').map((rule) => rule.name)).toEqual(['stream-identity']);
    expect(matchingRules(STREAM_EVENT_SOURCE, 'member.changed')).toEqual([]);
    expect(matchingRules(APP_EVENT_SOURCE, 'call.recording_ready')).toEqual([]);
  });

  it('names only app event types that exist', () => {
    for (const rule of eventRules) {
      if (ruleSource(rule) === APP_EVENT_SOURCE) for (const type of rule.detailTypes) expect(appEventSchemas).toHaveProperty(type);
    }
  });

  it('switches every feature flag by started, stopped and failed events', () => {
    for (const types of Object.values(callFeatureEvents)) {
      for (const suffix of ['_started', '_stopped', '_failed']) expect(types.some((type) => type.endsWith(suffix))).toBe(true);
    }
  });

  it('names only existing tables, each with at least one action', () => {
    for (const rule of eventRules) {
      for (const [table, actions] of Object.entries(rule.needs.tables ?? {})) {
        expect(tables).toHaveProperty(table);
        expect(actions.length).toBeGreaterThan(0);
      }
    }
  });

  it('has every consumer of Stream events read the stored ones, and only the archive consumer name the archive bucket', () => {
    for (const rule of eventRules) {
      const fromStream = ruleSource(rule) === STREAM_EVENT_SOURCE;
      expect(Boolean(rule.needs.storedEvents), rule.name).toBe(fromStream);
      expect(needsEnvironment(rule.needs).some(({ envVar }) => envVar === 'ARCHIVE_BUCKET'), rule.name).toBe(fromStream);
      expect(Object.keys(rule.needs.buckets ?? {}), rule.name).toEqual(rule.name === 'archive-artifacts' ? ['archive'] : []);
    }
    // Named and read: the bucket's variable once.
    const archive = eventRules.find((rule) => rule.name === 'archive-artifacts')!;
    expect(needsEnvironment(archive.needs).filter(({ envVar }) => envVar === 'ARCHIVE_BUCKET')).toHaveLength(1);
  });
});
