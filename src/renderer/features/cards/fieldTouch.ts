import type { FocusEvent } from 'react'
import type { IssuePath } from '../../../shared/rules/issues'

/**
 * A blur handler for a field made of several controls (a select, a country combobox): the field
 * is touched when focus leaves it, not when it moves into its own list of options (a popup in a
 * portal, outside the field's element).
 */
export function touchOnLeave(touch: (path: IssuePath) => void, ...paths: IssuePath[]) {
  return (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget
    if (next instanceof Element && (event.currentTarget.contains(next) || next.closest('[role="listbox"]')))
      return
    for (const path of paths) touch(path)
  }
}
