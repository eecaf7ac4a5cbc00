import type { z } from 'zod'
import type { Channel } from './channels'
import { appContract } from './contracts/app'
import { connectContract } from './contracts/connect'
import { draftsContract } from './contracts/drafts'
import { draftsCsvContract } from './contracts/draftsCsv'
import { mediaContract } from './contracts/media'
import { outboxContract } from './contracts/outbox'
import { libraryContract } from './contracts/library'
import { campaignContract } from './contracts/campaign'
import { catalogsContract } from './contracts/catalogs'
import { keywordsContract } from './contracts/keywords'
import { targetingContract } from './contracts/targeting'
import { organicContract } from './contracts/organic'
import { audiencesContract } from './contracts/audiences'
import { publishedContract } from './contracts/published'
import { practiceContract } from './contracts/practice'
import { diagnosticsContract } from './contracts/diagnostics'
import { devtoolsContract } from './contracts/devtools'
import { newsContract } from './contracts/news'
import { mirrorContract } from './contracts/mirror'
import { variantsContract } from './contracts/variants'
import { reviewContract } from './contracts/review'
import { bulkEditContract } from './contracts/bulkEdit'
import { teamRulesContract } from './contracts/teamRules'
import { historyContract } from './contracts/history'
import { changesContract } from './contracts/changes'

export { settingsSchema, themeSchema, type Settings } from './contracts/app'

/**
 * Every IPC channel, with the schema of its request and of its response. Main validates each
 * incoming payload (and each outgoing value) against this map; the preload and the E2E bridge
 * are built from its keys. A channel is `namespace.method`, exposed as `window.studio.namespace.method`.
 * Each part lives in contracts/, and main binds each part in the handlers.ts of its feature.
 */

export const contract = {
  ...appContract,
  ...connectContract,
  ...draftsContract,
  ...draftsCsvContract,
  ...mediaContract,
  ...outboxContract,
  ...libraryContract,
  ...campaignContract,
  ...catalogsContract,
  ...keywordsContract,
  ...targetingContract,
  ...organicContract,
  ...audiencesContract,
  ...publishedContract,
  ...practiceContract,
  ...diagnosticsContract,
  ...devtoolsContract,
  ...newsContract,
  ...mirrorContract,
  ...variantsContract,
  ...reviewContract,
  ...bulkEditContract,
  ...teamRulesContract,
  ...historyContract,
  ...changesContract,
} as const satisfies { [C in Channel]: { request: z.ZodType; response: z.ZodType } }

export type Contract = typeof contract
export type { Channel }
export type RequestOf<C extends Channel> = z.input<Contract[C]['request']>
export type ParsedRequestOf<C extends Channel> = z.output<Contract[C]['request']>
export type ResponseOf<C extends Channel> = z.output<Contract[C]['response']>
