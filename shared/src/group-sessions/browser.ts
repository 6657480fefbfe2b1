// What the SPA reads at run time (no zod): constants and pure rules.
export { BACKSTAGE_LEAD_MINUTES, GROUP_AUDIENCES, GROUP_CALL_TYPES, GROUP_CAPACITY_MAX, GROUP_LENGTHS, GROUP_SESSION_KINDS, GROUP_STAGE_MAX, publicWorkshopPath } from './constants';
export { AUDIENCE_LABELS, backstageOpensAt, groupCallId, groupSessionIdOfCall, inAudience } from './rules';
