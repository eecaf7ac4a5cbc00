import { useEffect, useMemo, useState } from 'react'
import type { PostLengthLimit } from '../../../shared/rules/limits'
import {
  loadPostLengthCounter,
  type PostLength,
  type PostLengthCounter,
} from '../../../shared/rules/postLength'
import { createIncrementalCounter } from './incrementalCount'

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
    loadPostLengthCounter()
      .then((count) => current && setCounter({ count: createIncrementalCounter(count) }))
      .catch(() => current && setFailed(true))
    return () => {
      current = false
    }
  }, [])
  const length = useMemo(() => (counter ? counter.count(text, limit) : null), [counter, text, limit])
  return { length, unavailable: failed }
}
