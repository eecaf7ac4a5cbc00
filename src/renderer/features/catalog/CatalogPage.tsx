import { RefreshCw, ShoppingBag } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { RouteInfo } from '../../nav/routes'
import type { ProductRow, ProductSetView } from '../../../shared/ipc/contracts/catalogs'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { PageHeader } from '../../components/PageHeader'
import { Tab, TabList, TabPanel, TabsRoot } from '../../components/Tabs'
import { studio, unwrap } from '../../lib/ipc'
import { useActiveProfile, useProfilesLoaded } from '../../state/connection/activeProfile'
import { failureOf } from '../../lib/failures'
import { ConnectFirst } from '../../kits/connection/ConnectFirst'
import { MirrorAge } from '../../kits/connection/MirrorAge'
import { FailureBanner } from '../../kits/connection/FailureBanner'
import { useCatalogState } from './catalogClient'
import { useCatalogChanges } from './useCatalogChanges'
import { CatalogDelete } from './CatalogDelete'
import { CatalogName } from './CatalogName'
import { ImportPanel } from './ImportPanel'
import { ProductActions } from './ProductActions'
import { ProductEditor, type EditorTarget } from './ProductEditor'
import { useUnsentRows } from './unsentRows'
import { ProductSets } from './ProductSets'
import { ProductTable } from './ProductTable'
import './catalog.css'

const NO_ITEM_GROUPS: string[] = []
const NO_SETS: ProductSetView[] = []

const OFFLINE_NOTE = 'catalog-offline-note'

/** The Catalog page: the user's one catalog, its products (browse, edit, import, delete) and product sets. */
export default function CatalogPage({ route }: { route: RouteInfo }) {
  useProfilesLoaded()
  const profile = useActiveProfile()
  // The catalog belongs to the user, not to an ad account: a profile is enough.
  if (!profile) return <ConnectFirst route={route} icon={ShoppingBag} what="its product catalog" />
  return <CatalogWorkspace key={profile.id} route={route} profileId={profile.id} />
}

function CatalogWorkspace({ route, profileId }: { route: RouteInfo; profileId: string }) {
  const { state, failure, setFailure, reload } = useCatalogState(profileId)
  const [version, setVersion] = useState(0)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [editing, setEditing] = useState<EditorTarget | null>(null)
  const [tab, setTab] = useState('products')
  const [notice, setNotice] = useState<string | null>(null)
  const [refreshing, setRefreshing] = useState(false)
  /** When the last read fell back on the account mirror (the platform is out of reach): its age. */
  const [mirrorAsOf, setMirrorAsOf] = useState<string | null>(null)
  const accountId = useActiveProfile()?.activeAccountId

  const changed = useCallback(() => {
    setVersion((value) => value + 1)
    void reload()
  }, [reload])

  // The state follows main's catalog.changed; when what is waiting changes, the table reloads
  // its rows too.
  const waiting = state
    ? (state.catalog?.status === 'pending' ? 1 : 0) +
      state.counts.pending +
      state.counts.deleting +
      state.sets.filter((set) => set.status === 'pending').length
    : 0
  const lastWaiting = useRef(waiting)
  useEffect(() => {
    if (lastWaiting.current !== waiting) setVersion((value) => value + 1)
    lastWaiting.current = waiting
  }, [waiting])
  useCatalogChanges(profileId, reload)

  const open = useCallback(
    async (id: string) => {
      try {
        const { product, row } = await unwrap(studio().catalog.product({ profileId, id }))
        setEditing({ product, isNew: false, messages: row.messages })
      } catch (error) {
        setFailure(failureOf(error))
      }
    },
    [profileId, setFailure],
  )
  const openProduct = useCallback((id: string) => void open(id), [open])

  const saved = (row: ProductRow, jobId?: string) => {
    setEditing(null)
    if (jobId) useUnsentRows.getState().sent(profileId, row.id)
    setNotice(
      jobId
        ? `${row.id} is queued in the outbox.`
        : row.status === 'fixed'
          ? `${row.id} is fixed. Re-send it from the import, or with “Re-send fixed” below.`
          : `${row.id} is saved.`,
    )
    changed()
  }

  const remove = useCallback(async () => {
    try {
      const result = await unwrap(studio().catalog.deleteProducts({ profileId, ids: [...selected] }))
      setSelected(new Set())
      setNotice(
        [
          result.queued > 0 ? `${result.queued} queued for deletion on the platform` : '',
          result.removedLocally > 0 ? `${result.removedLocally} never sent, removed here` : '',
        ]
          .filter(Boolean)
          .join('; ') + '.',
      )
      changed()
    } catch (error) {
      setFailure(failureOf(error))
    }
  }, [profileId, selected, changed, setFailure])
  const removeSelected = useCallback(() => void remove(), [remove])
  const addProduct = useCallback(
    () => setEditing({ product: { availability: 'in stock', condition: 'new' }, isNew: true }),
    [],
  )

  const refresh = useCallback(async () => {
    setRefreshing(true)
    try {
      const read = await unwrap(studio().catalog.refresh({ profileId }))
      setMirrorAsOf(read.mirror?.asOf ?? null)
      changed()
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setRefreshing(false)
    }
  }, [profileId, changed, setFailure])
  const header = useMemo(
    () => (
      <PageHeader
        title={route.label}
        summary={route.summary}
        actions={
          <Button onClick={() => void refresh()} busy={refreshing} data-testid="catalog-refresh">
            <RefreshCw size={16} aria-hidden="true" />
            Read from the platform
          </Button>
        }
      />
    ),
    [route.label, route.summary, refresh, refreshing],
  )

  const resend = async () => {
    try {
      const result = await unwrap(studio().catalog.resend({ profileId }))
      setNotice(`${result.products} ${result.products === 1 ? 'product' : 'products'} queued again.`)
      changed()
    } catch (error) {
      setFailure(failureOf(error))
    }
  }

  const hasCatalog = state?.catalog !== null && state?.catalog !== undefined
  const counts = state?.counts

  return (
    <>
      {header}
      <div className="catalog-page stack">
        {mirrorAsOf && accountId ? (
          <MirrorAge
            scope={{ profileId, accountId }}
            asOf={mirrorAsOf}
            onRefreshed={() => void refresh()}
            unavailable={{
              id: OFFLINE_NOTE,
              text: 'Deleting the catalog waits for the platform. Product changes are queued in the outbox and sent once it answers.',
            }}
          />
        ) : null}
        <section className="catalog-summary nested-card" aria-label="Catalog">
          <CatalogName profileId={profileId} current={state?.catalog ?? null} onSaved={changed} />
          {state?.catalog?.status === 'created' ? (
            <CatalogDelete
              profileId={profileId}
              name={state.catalog.name}
              products={state.counts.sent}
              sets={state.sets.length}
              onQueued={changed}
              unavailableNote={mirrorAsOf ? OFFLINE_NOTE : undefined}
            />
          ) : null}
          {counts && counts.total > 0 ? (
            <dl className="catalog-counts">
              <div>
                <dt>Products</dt>
                <dd>{counts.total.toLocaleString('en-US')}</dd>
              </div>
              <div>
                <dt>On the platform</dt>
                <dd>{counts.sent.toLocaleString('en-US')}</dd>
              </div>
              <div>
                <dt>Waiting</dt>
                <dd>{(counts.pending + counts.deleting).toLocaleString('en-US')}</dd>
              </div>
              <div data-tone={counts.refused > 0 ? 'danger' : undefined}>
                <dt>Refused</dt>
                <dd>{counts.refused.toLocaleString('en-US')}</dd>
              </div>
            </dl>
          ) : null}
        </section>
        <FailureBanner failure={failure} />
        {notice ? <Banner tone="info">{notice}</Banner> : null}
        {state && state.resendable > 0 && tab !== 'import' ? (
          <Banner tone="error">
            {state.counts.refused > 0
              ? `${state.counts.refused} ${state.counts.refused === 1 ? 'product was' : 'products were'} refused by the platform: filter the table by “Refused”, open each one to see why, and fix it.`
              : ''}
            {state.counts.fixed > 0 ? (
              <>
                {' '}
                {state.counts.fixed} fixed {state.counts.fixed === 1 ? 'product waits' : 'products wait'} to
                be re-sent.{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => void resend()}
                  data-testid="resend-all"
                >
                  Re-send fixed
                </button>
              </>
            ) : null}
          </Banner>
        ) : null}

        <TabsRoot
          value={tab}
          onValueChange={(next) => {
            setTab(next)
            setNotice(null)
          }}
          className="catalog-tabs"
        >
          <TabList className="tabs__list--page" aria-label="Catalog sections">
            <Tab value="products" data-testid="tab-products">
              Products
            </Tab>
            <Tab value="import" data-testid="tab-import">
              Import
            </Tab>
            <Tab value="sets" data-testid="tab-sets">
              Product sets
            </Tab>
          </TabList>
          {/* Kept mounted while another tab shows, as the import is: mounting the table is
              rendering its item-group filter, every group of a big catalog (3,334 in the
              bench's feed: 0.7 s of CPU), which a designer paid on each return to the
              products, while the import sends. */}
          <TabPanel value="products" forceMount hidden={tab !== 'products'}>
            {hasCatalog ? (
              <>
                <ProductActions selectedCount={selected.size} onAdd={addProduct} onDelete={removeSelected} />
                <ProductTable
                  profileId={profileId}
                  itemGroups={state?.itemGroups ?? NO_ITEM_GROUPS}
                  version={version}
                  selected={selected}
                  onSelectedChange={setSelected}
                  onOpen={openProduct}
                />
              </>
            ) : (
              <EmptyState icon={ShoppingBag} title="No catalog yet">
                <p>Name your catalog above to create it, then import a feed or add products.</p>
              </EmptyState>
            )}
          </TabPanel>
          <TabPanel value="import" forceMount hidden={tab !== 'import'}>
            <ImportPanel
              profileId={profileId}
              hasCatalog={hasCatalog}
              onEdit={setEditing}
              onChanged={changed}
              version={version}
              visible={tab === 'import'}
            />
          </TabPanel>
          <TabPanel value="sets">
            <ProductSets
              profileId={profileId}
              sets={state?.sets ?? NO_SETS}
              hasCatalog={hasCatalog}
              onChanged={changed}
            />
          </TabPanel>
        </TabsRoot>
      </div>
      {editing ? (
        <ProductEditor
          profileId={profileId}
          target={editing}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      ) : null}
    </>
  )
}
