import { randomUUID } from 'node:crypto'
import { AppFailure, appError } from '../../shared/errors'
import { suggestMapping, type FeedMapping } from '../../shared/catalog/feed'
import type { ImportReport } from '../../shared/ipc/contracts/catalogs'
import { checkFeed, type FeedCheck } from './feedCheck'
import type { ParsedFeed } from './feedFile'

/**
 * The feed imports open in main: the parsed file (it never crosses IPC, only its preview and its
 * report), one per profile, and the last check made of it.
 */

interface ImportSession {
  id: string
  profileId: string
  feed: ParsedFeed
  /** The last check's outcome and the mapping it was made with: see checked(). */
  lastCheck?: { mapping: string; result: FeedCheck }
}

const PREVIEW_ROWS = 6
const MAX_SESSIONS = 3

export function createFeedImports() {
  const sessions = new Map<string, ImportSession>()

  function session(importId: string): ImportSession {
    const found = sessions.get(importId)
    if (!found)
      throw new AppFailure(appError('invalid_input', 'This import is no longer open: choose the file again'))
    return found
  }

  /**
   * The check of an open import with this mapping. Send re-checks what it sends, but the feed is
   * main's own parse (held since it was opened, never the page's) and the rules are fixed, so the
   * check the report came from is the same check: send takes it instead of running the whole
   * feed again (10,000 rows: ~0.2 s of main's CPU at the moment the send starts). Any other
   * mapping is checked afresh. A check is used by one send only: the send puts its products in
   * the store, where later edits change them.
   */
  function checked(open: ImportSession, mapping: FeedMapping, forSend: boolean): FeedCheck {
    const key = JSON.stringify(mapping)
    const result = open.lastCheck?.mapping === key ? open.lastCheck.result : checkFeed(open.feed, mapping)
    if (forSend) delete open.lastCheck
    else open.lastCheck = { mapping: key, result }
    return result
  }

  return {
    /** Holds a parsed feed for a profile (replacing its last one) and answers its preview. */
    open(profileId: string, feed: ParsedFeed) {
      const id = randomUUID()
      for (const [other, open] of sessions) if (open.profileId === profileId) sessions.delete(other)
      sessions.set(id, { id, profileId, feed })
      while (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string)
      const preview = feed.rows
        .slice(0, PREVIEW_ROWS)
        .map((row) => feed.columns.map((column) => String(row[column] ?? '').slice(0, 120)))
      return {
        picked: true as const,
        importId: id,
        fileName: feed.fileName,
        format: feed.format,
        columns: feed.columns,
        preview,
        rowCount: feed.rows.length,
        mapping: suggestMapping(feed.columns),
      }
    },
    check: (importId: string, mapping: FeedMapping): ImportReport =>
      checked(session(importId), mapping, false).report,
    /** The check a send takes (and uses up), with the file's name. */
    forSend(profileId: string, importId: string, mapping: FeedMapping): FeedCheck & { fileName: string } {
      const open = session(importId)
      if (open.profileId !== profileId)
        throw new AppFailure(
          appError('invalid_input', 'This import belongs to another profile: choose the file again'),
        )
      return { ...checked(open, mapping, true), fileName: open.feed.fileName }
    },
  }
}
