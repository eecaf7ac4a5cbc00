import { useEffect, useState } from 'react'
import type { ProductImageView } from '../../../shared/ipc/contracts/catalogs'
import { studio, unwrap } from '../../lib/ipc'

/**
 * Product thumbnails, fetched by main ('catalog.productImage': the renderer loads no remote
 * image) for the rows on screen only, a few at a time. A row that scrolls away before its turn
 * takes nothing: its request leaves the queue. Answers are kept for the session; a failed one
 * is not, so the row asks again when it is shown again.
 */

const PARALLEL = 4
const answers = new Map<string, ProductImageView>()

/** One question to main, shared by every row that shows the same image. */
interface Ask {
  key: string
  /** Components waiting for it; the last to leave takes a request that has not started away. */
  waiters: number
  queued: boolean
  answer: Promise<ProductImageView>
  start(): void
}
const asks = new Map<string, Ask>()
const queue: Ask[] = []
let running = 0

const keyOf = (profileId: string, url: string, check: boolean) =>
  `${profileId}|${check ? 'check' : 'thumb'}|${url}`

function pump(): void {
  while (running < PARALLEL) {
    // The newest request first: the rows that just came into view.
    const next = queue.pop()
    if (!next) return
    next.queued = false
    running += 1
    next.start()
  }
}

/** Asks main for an image; `cancel` says this asker no longer waits. */
function request(
  profileId: string,
  url: string,
  check: boolean,
): { answer: Promise<ProductImageView>; cancel(): void } {
  const key = keyOf(profileId, url, check)
  const known = answers.get(key)
  if (known) return { answer: Promise.resolve(known), cancel: () => undefined }
  let ask = asks.get(key)
  if (!ask) {
    let start: () => void = () => undefined
    const answer = new Promise<ProductImageView>((resolve, reject) => {
      start = () => {
        Promise.resolve()
          .then(() => unwrap(studio().catalog.productImage({ profileId, url, ...(check ? { check } : {}) })))
          .then((view) => {
            answers.set(key, view)
            resolve(view)
          }, reject)
          .finally(() => {
            asks.delete(key)
            running -= 1
            pump()
          })
      }
    })
    ask = { key, waiters: 0, queued: true, answer, start: () => start() }
    asks.set(key, ask)
    queue.push(ask)
  }
  ask.waiters += 1
  const mine = ask
  pump()
  return {
    answer: mine.answer,
    cancel: () => {
      mine.waiters -= 1
      if (mine.waiters > 0 || !mine.queued) return
      queue.splice(queue.indexOf(mine), 1)
      asks.delete(key)
    },
  }
}

export type ProductImageState =
  { state: 'none' } | { state: 'loading' } | { state: 'ready'; view: ProductImageView } | { state: 'failed' }

/**
 * The thumbnail (and with `check`, main's check) of a product image, while the component that
 * asks is mounted. No address: 'none'.
 */
export function useProductImage(
  profileId: string,
  url: string | undefined,
  check = false,
): ProductImageState {
  const address = url?.trim() ?? ''
  const key = keyOf(profileId, address, check)
  const known = address ? answers.get(key) : undefined
  const [loaded, setLoaded] = useState<{ key: string; state: ProductImageState } | null>(null)
  useEffect(() => {
    if (!address || answers.has(key)) return
    let current = true
    const asked = request(profileId, address, check)
    asked.answer.then(
      (view) => current && setLoaded({ key, state: { state: 'ready', view } }),
      () => current && setLoaded({ key, state: { state: 'failed' } }),
    )
    return () => {
      current = false
      asked.cancel()
    }
  }, [profileId, address, check, key])
  if (!address) return { state: 'none' }
  if (known) return { state: 'ready', view: known }
  return loaded?.key === key ? loaded.state : { state: 'loading' }
}

/** For tests: forget every answer. */
export function clearProductImages(): void {
  answers.clear()
  asks.clear()
  queue.length = 0
}
