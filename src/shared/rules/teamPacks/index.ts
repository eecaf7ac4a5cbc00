// Team rule packs (issue 44): the format, its reader, the checks and their words. The schema
// and the reader use zod; the checks and words do not, so editors can run them without it.
export type * from './types'
export { TEAM_TEXT_FIELDS, TEAM_URL_FIELDS } from './types'
export { checkTeamRules } from './check'
export { describeTeamRule, TEAM_FIELD_WORDS, TEAM_KIND_WORDS } from './words'
