import type { Draft } from './envelope'
import { isPlainObject } from './json'

/**
 * The `.json` file designers share. A small wrapper (after Excalidraw's `type` +
 * `version` header) lets an import tell "not one of ours" apart from "one of ours but
 * damaged", which is what the error message has to say.
 */
export const DRAFT_EXCHANGE_TYPE = 'ads-studio/draft'
export const DRAFT_EXCHANGE_VERSION = 1

export interface DraftExchangeFile {
  type: typeof DRAFT_EXCHANGE_TYPE
  version: number
  exportedAt: string
  draft: Draft
}

export function toExchangeFile(draft: Draft, exportedAt: string): DraftExchangeFile {
  return { type: DRAFT_EXCHANGE_TYPE, version: DRAFT_EXCHANGE_VERSION, exportedAt, draft }
}

export type UnwrapResult = { ok: true; rawDraft: unknown } | { ok: false; message: string }

/** Accepts the wrapper, or a bare draft file copied straight out of a data directory. */
export function unwrapExchangeFile(parsed: unknown): UnwrapResult {
  if (!isPlainObject(parsed)) return { ok: false, message: 'The file does not contain an Ads Studio draft' }
  if (!('type' in parsed)) return { ok: true, rawDraft: parsed }
  if (parsed.type !== DRAFT_EXCHANGE_TYPE) {
    return { ok: false, message: `The file is not an Ads Studio draft (type ${JSON.stringify(parsed.type)})` }
  }
  if (typeof parsed.version !== 'number' || parsed.version > DRAFT_EXCHANGE_VERSION) {
    return {
      ok: false,
      message: 'The draft file was exported by a newer Ads Studio; update the app to import it',
    }
  }
  if (!isPlainObject(parsed.draft))
    return { ok: false, message: 'The draft file is damaged: it holds no draft' }
  return { ok: true, rawDraft: parsed.draft }
}
