import { describe, expect, it } from 'vitest';
import { callFeatureEvents, eventRules, matchingRules } from './event-rules';
import { tables } from './tables';

describe('event rules', () => {
  it('routes each handled Stream event type to exactly one consumer', () => {
    const types = eventRules.flatMap((rule) => rule.detailTypes);
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
    expect(matchingRules('getstream.io', 'message.new')).toEqual([]);
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
});
