import { Plus } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import type { CardContent, ComponentDraftType } from '../../../shared/creatives/card'
import type { ComponentListOwner } from './cardEdits'
import { addOptions } from './cardEdits'
import { COMPONENT_INFO } from './ComponentEditor'

/** "Add component": only the kinds this card or slide can take, the others shown with the reason. */
export function AddComponentMenu({
  content,
  owner,
  onAdd,
  where,
}: {
  content: CardContent
  owner: ComponentListOwner
  onAdd(type: ComponentDraftType): void
  where: string
}) {
  const options = addOptions(content, owner)
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="button button--secondary" aria-label={`Add a component to ${where}`}>
        <Plus size={16} aria-hidden="true" />
        Add component
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="start" sideOffset={4}>
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
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
