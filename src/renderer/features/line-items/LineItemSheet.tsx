import { CopyId } from '../../components/CopyId'
import { Tab, TabList, TabPanel, TabsRoot } from '../../components/Tabs'

import { Dialog } from 'radix-ui'
import type { LineItemView } from '../../../shared/ipc/contracts/campaign'
import { HistoryPanel } from '../../kits/history/HistoryPanel'
import { AudienceEstimatePanel } from '../../kits/targeting/AudienceEstimatePanel'
import { CuratedCategoriesTab } from './CuratedCategoriesTab'
import { LineItemForm } from './LineItemForm'
import { lineItemName, objectiveLabel } from './lineItemForm'
import type { AccountScope } from '../../state/connection/activeProfile'
import { DialogCloseButton } from '../../components/DialogCloseButton'
import { useOpenerFocus } from '../../lib/useOpenerFocus'

/**
 * One line item, in a sheet beside the list: its settings, curated categories and history.
 * Closed, it gives focus back to the row's button that opened it (useOpenerFocus).
 */
export function LineItemSheet({
  scope,
  item,
  onClose,
  onSaved,
}: {
  scope: AccountScope
  item: LineItemView
  onClose(): void
  onSaved(): void
}) {
  const name = lineItemName(item)
  const openerFocus = useOpenerFocus()
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="sheet"
          data-testid="line-item-sheet"
          aria-describedby={undefined}
          {...openerFocus}
        >
          <header className="sheet__head">
            <div>
              <Dialog.Title className="sheet__title">{name}</Dialog.Title>
              <p className="sheet__meta">
                {objectiveLabel(item.objective)}
                {item.campaignName ? ` · ${item.campaignName}` : ''}{' '}
                <CopyId value={item.id} what={name} label="Copy line item id" />
              </p>
            </div>
            <DialogCloseButton />
          </header>
          <TabsRoot defaultValue="settings" className="sheet__tabs">
            <TabList aria-label={`${name}`}>
              <Tab value="settings">Settings</Tab>
              <Tab value="categories">Curated categories</Tab>
              <Tab value="audience">Audience estimate</Tab>
              <Tab value="history">History</Tab>
            </TabList>
            <div className="sheet__body">
              <TabPanel value="settings">
                <LineItemForm key={item.id} scope={scope} item={item} onSaved={onSaved} />
              </TabPanel>
              <TabPanel value="categories">
                <CuratedCategoriesTab scope={scope} item={item} />
              </TabPanel>
              <TabPanel value="audience">
                <AudienceEstimatePanel profileId={scope.profileId} accountId={scope.accountId} />
              </TabPanel>
              <TabPanel value="history">
                <HistoryPanel scope={scope} entityType="LINE_ITEM" entityId={item.id} fixedEntity />
              </TabPanel>
            </div>
          </TabsRoot>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
