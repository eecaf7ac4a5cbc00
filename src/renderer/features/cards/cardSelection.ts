import { useRef } from 'react'
import type { CardContent, ComponentDraft, ComponentDraftType } from '../../../shared/creatives/card'
import { useDraftEditor } from '../../state/drafts/draftEditor'
import type { ComponentListOwner } from './cardEdits'
import { componentsOf } from './cardEdits'

/**
 * Part of the card as the editor store has it now, kept (the same object) while `same` says it
 * did not change. A part of the builder subscribed this way renders when what it shows changes,
 * not on every key typed elsewhere in the card: a key in one slide's title renders that
 * component's editor, not the slide lists around it (rule P6, bench/PERFORMANCE.md).
 */
export function useCardSelection<T>(
  select: (content: CardContent) => T,
  same: (kept: T, next: T) => boolean = Object.is,
): T {
  const kept = useRef<{ value: T }>(undefined)
  return useDraftEditor<'card', T>((state) => {
    const next = select(state.content)
    if (kept.current !== undefined && same(kept.current.value, next)) return kept.current.value
    kept.current = { value: next }
    return next
  })
}

export const sameItems = <T>(a: readonly T[], b: readonly T[]): boolean =>
  a.length === b.length && a.every((value, index) => Object.is(value, b[index]))

/** What a component list is made of: its components' ids and types, in order (not their values). */
export interface ComponentOutline {
  id: string
  type: ComponentDraftType
}

export function outlineOf(components: readonly ComponentDraft[]): ComponentOutline[] {
  return components.map(({ id, type }) => ({ id, type }))
}

export const sameOutline = (a: readonly ComponentOutline[], b: readonly ComponentOutline[]): boolean =>
  a.length === b.length && a.every((item, index) => item.id === b[index]?.id && item.type === b[index]?.type)

/** One component as the store has it now, found by its client id in its list; undefined once removed. */
export function useComponent(owner: ComponentListOwner, id: string): ComponentDraft | undefined {
  return useDraftEditor<'card', ComponentDraft | undefined>((state) =>
    componentsOf(state.content, owner).find((component) => component.id === id),
  )
}
