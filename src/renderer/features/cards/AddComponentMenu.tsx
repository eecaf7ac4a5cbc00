import { ArrowLeftRight, Plus } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import type { CardContent, ComponentDraftType } from '../../../shared/creatives/card'
import type { ComponentListOwner } from './cardEdits'
import { addOptions } from './cardEdits'
import { COMPONENT_INFO } from './ComponentEditor'

/**
 * "Add component": only the kinds this card or slide can take, the others shown with the reason.
 * When nothing more fits it says so, and offers to swap the destination for the other kind
 * (website ⇄ app button) instead of a dead end.
 */
export function AddComponentMenu({
  content,
  owner,
  onAdd,
  onSwap,
  where,
}: {
  content: CardContent
  owner: ComponentListOwner
  onAdd(type: ComponentDraftType): void
  onSwap(replacedId: string, type: ComponentDraftType): void
  where: string
}) {
  const options = addOptions(content, owner)
  const article: Partial<Record<ComponentDraftType, string>> = {
    DETAILS: 'a website',
    BUTTON: 'an app button',
  }
  const full = options.every((option) => option.blockedBy !== null)
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="button button--secondary" aria-label={`Add component to ${where}`}>
        <Plus size={16} aria-hidden="true" />
        Add component
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="start" sideOffset={4}>
          {full ? (
            <DropdownMenu.Label className="menu__note" data-testid="add-component-full">
              {`This ${owner === null ? 'card' : 'slide'} has everything it can hold: its media and one destination.`}
            </DropdownMenu.Label>
          ) : null}
          {options.map(({ type, blockedBy }) => {
            const info = COMPONENT_INFO[type]
            const Icon = info.icon
            return (
              <DropdownMenu.Item
                key={type}
                className="menu__item"
                disabled={blockedBy !== null}
                onSelect={() => onAdd(type)}
              >
                <Icon size={16} aria-hidden="true" className="menu__icon" />
                <span className="menu__text">
                  <span className="menu__label">{info.title}</span>
                  <span className="menu__hint">{blockedBy ?? info.summary}</span>
                </span>
              </DropdownMenu.Item>
            )
          })}
          {options.flatMap(({ type, swapFor }) =>
            swapFor
              ? [
                  <DropdownMenu.Item
                    key={`swap-${type}`}
                    className="menu__item"
                    onSelect={() => onSwap(swapFor.id, type)}
                  >
                    <ArrowLeftRight size={16} aria-hidden="true" className="menu__icon" />
                    <span className="menu__text">
                      <span className="menu__label">{`Swap the ${swapFor.label} for ${article[type] ?? COMPONENT_INFO[type].title}`}</span>
                      <span className="menu__hint">
                        Replaces the current destination with an empty one; undo brings it back.
                      </span>
                    </span>
                  </DropdownMenu.Item>,
                ]
              : [],
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
