/** Left as they are: live regions, scripts, and Radix's focus guards (its trap needs them). */
const KEPT = '[aria-live], script, [data-radix-focus-guard]'

/** How many open layers made each element inert; it stays inert until the last one closes. */
const holds = new WeakMap<Element, number>()

/**
 * Makes everything in the window but `layer` inert until the returned undo runs. A modal Radix
 * layer (Select, DropdownMenu) hides the rest of the window from screen readers with
 * aria-hidden, while its controls can still take focus: hidden yet focusable (WCAG 4.1.2, axe
 * aria-hidden-focus). Inert says what the layer already does (focus trapped, pointer blocked).
 * The walk is Radix's own (the aria-hidden package): live regions stay as they are, so
 * announcements go on while the layer is open.
 */
export function inertOutside(layer: Element): () => void {
  const body = layer.ownerDocument.body
  const kept = new Set<Element>([layer, ...body.querySelectorAll(KEPT)])
  const onPath = new Set<Element>()
  for (const element of kept) {
    for (let node = element.parentElement; node && node !== body; node = node.parentElement) onPath.add(node)
  }
  const made: Element[] = []
  const walk = (parent: Element) => {
    for (const child of parent.children) {
      if (kept.has(child)) continue
      if (onPath.has(child)) walk(child)
      else {
        const count = holds.get(child) ?? (child.hasAttribute('inert') ? -1 : 0)
        // -1: inert before any layer opened; it is left as it was.
        if (count >= 0) {
          holds.set(child, count + 1)
          if (count === 0) child.setAttribute('inert', '')
          made.push(child)
        }
      }
    }
  }
  walk(body)
  return () => {
    for (const element of made) {
      const count = (holds.get(element) ?? 1) - 1
      if (count > 0) holds.set(element, count)
      else {
        holds.delete(element)
        element.removeAttribute('inert')
      }
    }
  }
}

/**
 * A ref for a modal layer's content: the rest of the window is inert while it is mounted. The
 * undo is the ref's cleanup, run as the content unmounts, before Radix gives focus back to the
 * trigger (a task later), so the trigger can take it.
 */
export function inertOutsideRef(layer: HTMLElement | null): (() => void) | undefined {
  return layer ? inertOutside(layer) : undefined
}
