import { CopyId } from '../../components/CopyId'
import { X } from 'lucide-react'
import { Dialog, Tabs } from 'radix-ui'
import type { LineItemView } from '../../../shared/ipc/contracts/campaign'
import { HistoryPanel } from '../campaign/HistoryPanel'
import { CuratedCategoriesTab } from './CuratedCategoriesTab'
import { LineItemForm } from './LineItemForm'
import { lineItemName, objectiveLabel } from './lineItemForm'
import type { Scope } from './LineItemsPage'

/** One line item, in a sheet beside the list: its settings, curated categories and history. */
export function LineItemSheet({
  scope,
  item,
  onClose,
  onSaved,
}: {
  scope: Scope
  item: LineItemView
  onClose(): void
  onSaved(): void
}) {
  const name = lineItemName(item)
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="sheet" data-testid="line-item-sheet" aria-describedby={undefined}>
          <header className="sheet__head">
            <div>
              <Dialog.Title className="sheet__title">{name}</Dialog.Title>
              <p className="sheet__meta">
                {objectiveLabel(item.objective)}
                {item.campaignName ? ` · ${item.campaignName}` : ''}{' '}
                <CopyId value={item.id} what={name} label="Copy line item id" />
              </p>
            </div>
            <Dialog.Close className="icon-button" aria-label="Close">
              <X size={18} aria-hidden="true" />
            </Dialog.Close>
          </header>
          <Tabs.Root defaultValue="settings" className="sheet__tabs">
            <Tabs.List className="tabs__list" aria-label={`${name}`}>
              <Tabs.Trigger value="settings" className="tabs__tab">
                Settings
              </Tabs.Trigger>
              <Tabs.Trigger value="categories" className="tabs__tab">
                Curated categories
              </Tabs.Trigger>
              <Tabs.Trigger value="history" className="tabs__tab">
                History
              </Tabs.Trigger>
            </Tabs.List>
            <div className="sheet__body">
              <Tabs.Content value="settings" className="tabs__panel">
                <LineItemForm key={item.id} scope={scope} item={item} onSaved={onSaved} />
              </Tabs.Content>
              <Tabs.Content value="categories" className="tabs__panel">
                <CuratedCategoriesTab scope={scope} item={item} />
              </Tabs.Content>
              <Tabs.Content value="history" className="tabs__panel">
                <HistoryPanel scope={scope} entityType="LINE_ITEM" entityId={item.id} fixedEntity />
              </Tabs.Content>
            </div>
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
