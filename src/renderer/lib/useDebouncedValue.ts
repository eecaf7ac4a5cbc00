import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * `value` once it has stayed the same for `ms` (a search field's text, when typing pauses), and
 * a function that takes the current value at once (Enter in the field).
 */
export function useDebouncedValue<T>(value: T, ms: number): [T, () => void] {
  const [settled, setSettled] = useState(value)
  const latest = useRef(value)
  latest.current = value
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  const settleNow = useCallback(() => setSettled(latest.current), [])
  return [settled, settleNow]
}
