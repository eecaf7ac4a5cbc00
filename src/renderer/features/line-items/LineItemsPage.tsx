import { Megaphone, Pause, Play, RefreshCw, Search, Trash2 } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { LineItemView } from '../../../shared/ipc/contracts/campaign'
import type { RouteInfo } from '../../nav/routes'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { PageHeader } from '../../components/PageHeader'
import { studio, unwrap } from '../../lib/ipc'
import { useAccountScope, type AccountScope } from '../../state/connection/activeProfile'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ConnectFirst } from '../../kits/connection/ConnectFirst'
import { JobReport } from '../../kits/jobs/JobReport'
import { MirrorAge } from '../../kits/connection/MirrorAge'
import { failureText, useJob } from '../../kits/jobs/useJob'
import { isPaused, lineItemName } from './lineItemForm'
import { LineItemSheet } from './LineItemSheet'
import { LineItemsTable } from './LineItemsTable'
import './lineItems.css'

type Pending = 'pause' | 'activate' | 'delete' | null

const OFFLINE_NOTE = 'line-items-offline-note'

function useLineItems(scope: AccountScope) {
  const [items, setItems] = useState<LineItemView[] | null>(null)
  const [nextCursor, setNextCursor] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  /** When the list comes from the account mirror (the platform is out of reach): its age. */
  const [mirrorAsOf, setMirrorAsOf] = useState<string | null>(null)
  const loadingMore = useRef(false)

  const reload = useCallback(async () => {
    setLoading(true)
    try {
      const page = await unwrap(studio().lineItems.list(scope))
      setItems(page.lineItems)
      setNextCursor(page.nextCursor)
      setMirrorAsOf(page.mirror?.asOf ?? null)
      setError(null)
    } catch (failure) {
      setError(failureText(failure))
    } finally {
      setLoading(false)
    }
  }, [scope])

  const more = useCallback(async () => {
    if (!nextCursor || loadingMore.current) return
    loadingMore.current = true
    try {
      const page = await unwrap(studio().lineItems.list({ ...scope, cursor: nextCursor }))
      setItems((current) => [...(current ?? []), ...page.lineItems])
      setNextCursor(page.nextCursor)
    } catch (failure) {
      setError(failureText(failure))
    } finally {
      loadingMore.current = false
    }
  }, [nextCursor, scope])

  useEffect(() => {
    void reload()
  }, [reload])
  return { items, error, loading, reload, more, hasMore: nextCursor !== null, mirrorAsOf }
}

function LineItemsScreen({ route, scope }: { route: RouteInfo; scope: AccountScope }) {
  const { items, error, loading, reload, more, hasMore, mirrorAsOf } = useLineItems(scope)
  const offline = mirrorAsOf !== null
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [filter, setFilter] = useState('')
  const [pending, setPending] = useState<Pending>(null)
  const [openId, setOpenId] = useState<string | null>(null)
  const job = useJob(() => void reload())

  const visible = useMemo(() => {
    const term = filter.trim().toLowerCase()
    if (!items) return []
    if (!term) return items
    return items.filter(
      (item) =>
        lineItemName(item).toLowerCase().includes(term) ||
        (item.campaignName ?? '').toLowerCase().includes(term) ||
        item.id.toLowerCase() === term,
    )
  }, [items, filter])
  const chosen = useMemo(() => (items ?? []).filter((item) => selected.has(item.id)), [items, selected])
  const open = items?.find((item) => item.id === openId) ?? null

  const select = useCallback((ids: readonly string[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current)
      for (const id of ids) {
        if (on) next.add(id)
        else next.delete(id)
      }
      return next
    })
  }, [])

  const status = pending === 'pause' ? 'PAUSED' : 'ACTIVE'
  const changing = chosen.filter((item) => item.values.entity_status !== status)
  const unchanged = chosen.filter((item) => item.values.entity_status === status)

  const confirmStatus = () => {
    const ids = changing.map((item) => item.id)
    void job.start(() => unwrap(studio().lineItems.setStatus({ ...scope, lineItemIds: ids, status })))
  }
  const confirmDelete = () => {
    const ids = chosen.map((item) => item.id)
    void job.start(() => unwrap(studio().lineItems.delete({ ...scope, lineItemIds: ids })))
    setSelected(new Set())
  }
  const loadMore = useCallback(() => {
    if (hasMore) void more()
  }, [hasMore, more])

  const count = chosen.length
  const noun = (n: number) => (n === 1 ? 'line item' : 'line items')
  return (
    <>
      <PageHeader
        title={route.label}
        summary={route.summary}
        actions={
          <Button onClick={() => void reload()} busy={loading}>
            <RefreshCw size={16} aria-hidden="true" />
            Refresh
          </Button>
        }
      />
      <div className="stack">
        {mirrorAsOf ? (
          <MirrorAge
            scope={scope}
            asOf={mirrorAsOf}
            onRefreshed={() => void reload()}
            unavailable={{
              id: OFFLINE_NOTE,
              text: 'Deleting waits for the platform: it cannot be undone, so it is checked there first. Pausing and activating are queued in the outbox and sent once it answers.',
            }}
          />
        ) : null}
        {error ? <Banner tone="error">{error}</Banner> : null}
        <JobReport state={job.state} onRetry={() => void job.retry()} />
        {items === null ? (
          loading ? (
            <p className="muted" role="status">
              Loading line items…
            </p>
          ) : null
        ) : items.length === 0 ? (
          <EmptyState icon={Megaphone} title="No line items on this account">
            <p>Line items are created with their campaigns on the platform; once there, they show up here.</p>
          </EmptyState>
        ) : (
          <section className="li-panel surface surface--raised" aria-label="Line items of this account">
            <div className="li-toolbar" role="toolbar" aria-label="Selected line items">
              <label className="li-search">
                <Search size={16} aria-hidden="true" />
                <span className="visually-hidden">Filter line items</span>
                <input
                  className="input li-search__input"
                  type="search"
                  placeholder="Filter by name or campaign"
                  value={filter}
                  onChange={(event) => setFilter(event.target.value)}
                  data-testid="line-items-filter"
                />
              </label>
              <span className="facts li-toolbar__count" aria-live="polite" data-testid="selection-count">
                {count === 0
                  ? `${items.length} ${noun(items.length)}${hasMore ? '+' : ''}`
                  : `${count} selected`}
              </span>
              <div className="actions">
                <Button onClick={() => setPending('pause')} disabled={count === 0 || job.busy}>
                  <Pause size={16} aria-hidden="true" />
                  Pause
                </Button>
                <Button onClick={() => setPending('activate')} disabled={count === 0 || job.busy}>
                  <Play size={16} aria-hidden="true" />
                  Activate
                </Button>
                <Button
                  variant="ghost"
                  className="button--danger-ghost"
                  onClick={() => setPending('delete')}
                  disabled={count === 0 || job.busy || offline}
                  aria-describedby={offline ? OFFLINE_NOTE : undefined}
                >
                  <Trash2 size={16} aria-hidden="true" />
                  Delete
                </Button>
              </div>
            </div>
            {visible.length === 0 ? (
              <p className="li-empty muted">No line item matches “{filter}”.</p>
            ) : (
              <LineItemsTable
                items={visible}
                selected={selected}
                onSelect={select}
                onOpen={(item) => setOpenId(item.id)}
                onEnd={loadMore}
              />
            )}
            {hasMore ? (
              <div className="li-more">
                <Button variant="ghost" onClick={() => void more()} data-testid="line-items-load-more">
                  Load more line items
                </Button>
              </div>
            ) : null}
          </section>
        )}
      </div>

      <ConfirmDialog
        wide
        tone="primary"
        open={pending === 'pause' || pending === 'activate'}
        onOpenChange={(next) => !next && setPending(null)}
        title={
          changing.length === 0
            ? `Already ${status === 'PAUSED' ? 'paused' : 'active'}`
            : `${pending === 'pause' ? 'Pause' : 'Activate'} ${changing.length} ${noun(changing.length)}?`
        }
        description={
          changing.length === 0
            ? 'Nothing would change.'
            : pending === 'pause'
              ? 'They stop delivering until you activate them again.'
              : 'They start delivering again within their schedule and budget.'
        }
        confirmLabel={
          changing.length === 0
            ? 'OK'
            : pending === 'pause'
              ? `Pause ${noun(changing.length)}`
              : `Activate ${noun(changing.length)}`
        }
        onConfirm={() => (changing.length > 0 ? confirmStatus() : undefined)}
      >
        <ul className="change-list__items" aria-label="What changes">
          {changing.map((item) => (
            <li key={item.id} className="change-list__item">
              <span className="truncate change-list__name">{lineItemName(item)}</span>
              <span className="change-list__change">
                {isPaused(item) ? 'Paused' : 'Active'} →{' '}
                <strong>{status === 'PAUSED' ? 'Paused' : 'Active'}</strong>
              </span>
            </li>
          ))}
          {unchanged.map((item) => (
            <li key={item.id} className="change-list__item change-list__item--same">
              <span className="truncate change-list__name">{lineItemName(item)}</span>
              <span className="change-list__change">
                Already {status === 'PAUSED' ? 'paused' : 'active'}, unchanged
              </span>
            </li>
          ))}
        </ul>
      </ConfirmDialog>

      <ConfirmDialog
        wide
        open={pending === 'delete'}
        onOpenChange={(next) => !next && setPending(null)}
        tone="danger"
        title={`Delete ${count} ${noun(count)}?`}
        description={
          <>
            <strong>This cannot be undone.</strong> A deleted line item stops for good and cannot be restored;
            its promoted posts are kept, listed only with deleted items.
          </>
        }
        confirmLabel={`Delete ${noun(count)}`}
        onConfirm={confirmDelete}
      >
        <ul className="change-list__items" aria-label="What is deleted">
          {chosen.map((item) => (
            <li key={item.id} className="change-list__item">
              <span className="truncate change-list__name">{lineItemName(item)}</span>
              <span className="change-list__change">{item.campaignName ?? ''}</span>
            </li>
          ))}
        </ul>
      </ConfirmDialog>

      {open ? (
        <LineItemSheet
          scope={scope}
          item={open}
          onClose={() => setOpenId(null)}
          onSaved={() => void reload()}
        />
      ) : null}
    </>
  )
}

/** Line items of the active ad account: list, bulk status, delete, edit, curated categories. */
export default function LineItemsPage({ route }: { route: RouteInfo }) {
  const scope = useAccountScope()
  if (!scope) return <ConnectFirst route={route} icon={Megaphone} what="its line items" />
  return <LineItemsScreen key={`${scope.profileId}:${scope.accountId}`} route={route} scope={scope} />
}
