import { useEffect, useMemo, useState } from 'react'
import type { PostLengthLimit } from '../../../shared/rules/limits'
import {
  loadPostLengthCounter,
  type PostLength,
  type PostLengthCounter,
} from '../../../shared/rules/postLength'
import { createIncrementalCounter } from './incrementalCount'

let shared: Promise<PostLengthCounter> | undefined

/**
 * One incremental counter for the whole renderer: the counter under the textarea and the rules
 * (a key behind) share it, so a text is weighed once however many places ask.
 */
function loadSharedCounter(): Promise<PostLengthCounter> {
  shared ??= loadPostLengthCounter().then(createIncrementalCounter)
  // A failed load may succeed on a later visit.
  shared.catch(() => (shared = undefined))
  return shared
}

/**
 * The weighted length of the text; length is null until twitter-text has loaded (it is
 * fetched on first use, so the app's first paint never waits for it) or if it cannot load.
 * Counted once per change of text or limit (not per render), re-weighing only what changed.
 */
export function usePostLength(
  text: string,
  limit: PostLengthLimit,
): { length: PostLength | null; unavailable: boolean } {
  const [counter, setCounter] = useState<{ count: PostLengthCounter } | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let current = true
    loadSharedCounter()
      .then((count) => current && setCounter({ count }))
      .catch(() => current && setFailed(true))
    return () => {
      current = false
    }
  }, [])
  const length = useMemo(() => (counter ? counter.count(text, limit) : null), [counter, text, limit])
  return { length, unavailable: failed }
}
