import { AppFailure, appError } from '../../shared/errors'
import type { Envelope } from './envelope'
import { MESSAGES } from './errors'

export type PageFetcher<T> = (cursor: string | undefined) => Promise<Envelope<T[]>>

/**
 * Walks a cursor-paged list endpoint, yielding items as pages arrive, until next_cursor is
 * null. A server that hands back a cursor it already gave would loop forever, so that is an error.
 */
export async function* paginate<T>(fetchPage: PageFetcher<T>): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>()
  let cursor: string | undefined
  for (;;) {
    const page = await fetchPage(cursor)
    yield* page.data
    if (page.nextCursor === null || page.nextCursor === '') return
    if (seen.has(page.nextCursor))
      throw new AppFailure(appError('unexpected_response', MESSAGES.unexpected_response))
    seen.add(page.nextCursor)
    cursor = page.nextCursor
  }
}

export async function collectAll<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = []
  for await (const item of items) all.push(item)
  return all
}
