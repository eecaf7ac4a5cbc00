import { useEffect, useState, type RefObject } from 'react'

/**
 * Which sides of a sideways scroller hide columns: "start", "end", both or "" (all in view).
 * Drives the fade at the edge that says more lies beyond, and whether the scroller is a tab stop.
 */
export function useSidewaysMore(ref: RefObject<HTMLElement | null>): string {
  const [more, setMore] = useState('')
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => {
      const hidden = element.scrollWidth - element.clientWidth
      const sides = [
        element.scrollLeft > 0 ? 'start' : '',
        element.scrollLeft < hidden - 1 ? 'end' : '',
      ].filter(Boolean)
      setMore(sides.join(' '))
    }
    measure()
    // The table's least width is fixed (catalog.css), so only the window changes what fits.
    window.addEventListener('resize', measure)
    element.addEventListener('scroll', measure, { passive: true })
    return () => {
      window.removeEventListener('resize', measure)
      element.removeEventListener('scroll', measure)
    }
  }, [ref])
  return more
}
