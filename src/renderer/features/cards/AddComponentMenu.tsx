import { ArrowLeftRight, Plus } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import { memo } from 'react'
import type { ComponentDraftType } from '../../../shared/creatives/card'
import { MenuContent, MenuText } from '../../components/Menu'
import type { AddOption, ComponentListOwner } from './cardEdits'
import { COMPONENT_INFO } from './ComponentEditor'

/**
 * "Add component": only the kinds this card or slide can take, the others shown with the reason.
 * When nothing more fits it says so, and offers to swap the destination for the other kind
 * (website ⇄ app button) instead of a dead end.
 */
interface AddComponentMenuProps {
  /** What this card or slide can take now (addOptions). */
  options: readonly AddOption[]
  owner: ComponentListOwner
  onAdd(type: ComponentDraftType): void
  onSwap(replacedId: string, type: ComponentDraftType): void
  where: string
}

/**
 * Memoised on what it shows: the options are computed anew on every key typed in the card or
 * slide, but change only when a component is added, removed or swapped, and the Radix menu is
 * costly to render for nothing.
 */
export const AddComponentMenu = memo(
  AddComponentMenuView,
  (before: AddComponentMenuProps, after: AddComponentMenuProps) =>
    before.owner === after.owner &&
    before.where === after.where &&
    before.onAdd === after.onAdd &&
    before.onSwap === after.onSwap &&
    JSON.stringify(before.options) === JSON.stringify(after.options),
)

function AddComponentMenuView({ options, owner, onAdd, onSwap, where }: AddComponentMenuProps) {
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
        <MenuContent align="start">
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
                <MenuText label={info.title} hint={blockedBy ?? info.summary} />
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
                    <MenuText
                      label={`Swap the ${swapFor.label} for ${article[type] ?? COMPONENT_INFO[type].title}`}
                      hint="Replaces the current destination with an empty one; undo brings it back."
                    />
                  </DropdownMenu.Item>,
                ]
              : [],
          )}
        </MenuContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
