import { ArrowLeftRight, Globe, Link2, Search, TriangleAlert, Unlink } from 'lucide-react'
import { create } from 'zustand'
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type {
  CategoryLinkView,
  CuratedCategoryView,
  LineItemView,
} from '../../../shared/ipc/contracts/campaign'
import { countryName, isCountryCode } from '../../../shared/rules/countries'
import { uncoveredCountries } from '../../../shared/rules/lineItems'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { studio, unwrap } from '../../lib/ipc'
import { Field } from '../../components/Field'
import { JobReport } from '../../kits/jobs/JobReport'
import { failureText, useJob } from '../../kits/jobs/useJob'
import { lineItemName } from './lineItemForm'
import type { AccountScope } from '../../state/connection/activeProfile'

/**
 * The countries a line item targets are not part of the line item record (targeting criteria
 * are not shown in the spec), so they are known only when the designer says them. They are
 * kept for the session, per line item.
 */
const useTargetCountries = create<{
  byLineItem: Record<string, string[]>
  set(id: string, codes: string[]): void
}>((set) => ({
  byLineItem: {},
  set: (id, codes) => set((state) => ({ byLineItem: { ...state.byLineItem, [id]: codes } })),
}))

function parseCountries(text: string): { codes: string[]; unknown: string[] } {
  const entries = text
    .split(/[\s,]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean)
  return {
    codes: [...new Set(entries.filter(isCountryCode))],
    unknown: entries.filter((code) => !isCountryCode(code)),
  }
}

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' })
const categoryName = (link: CategoryLinkView) => link.category?.name ?? link.curatedCategoryId

const names = (codes: readonly string[]) => codes.map((code) => countryName(code) ?? code).join(', ')

function CountryWarning({
  category,
  targets,
}: {
  category: CuratedCategoryView
  targets: readonly string[]
}) {
  const missing = uncoveredCountries(category.countryCodes, targets)
  if (targets.length === 0 || missing.length === 0) return null
  return (
    <p className="row category-card__warning" data-testid="country-warning">
      <TriangleAlert size={14} aria-hidden="true" />
      Available only in {names(category.countryCodes)}: it will not reach people in {names(missing)}.
    </p>
  )
}

function CategoryCard({
  category,
  targets,
  action,
}: {
  category: CuratedCategoryView
  targets: readonly string[]
  action: ReactNode
}) {
  return (
    <li className="row row--spread card-surface category-card" data-testid="category-card">
      <div className="category-card__body">
        <p className="category-card__name">
          {category.name} <code className="code">{category.id}</code>
        </p>
        {category.description ? <p className="category-card__description">{category.description}</p> : null}
        <p className="row category-card__facts">
          <Globe size={14} aria-hidden="true" /> {names(category.countryCodes) || 'No countries'}
          {category.publisherCount !== undefined ? ` · ${category.publisherCount} publishers` : ''}
          {category.videosMonetizedLast30Days !== undefined
            ? ` · ${category.videosMonetizedLast30Days} videos monetized in 30 days`
            : ''}
        </p>
        <CountryWarning category={category} targets={targets} />
      </div>
      {action}
    </li>
  )
}

/** Curated categories of one line item: attached ones, look-up by id, browse by country, attach, detach. */
export function CuratedCategoriesTab({ scope, item }: { scope: AccountScope; item: LineItemView }) {
  const [links, setLinks] = useState<CategoryLinkView[] | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const targets = useTargetCountries((state) => state.byLineItem[item.id]) ?? []
  const setTargets = useTargetCountries((state) => state.set)
  const [targetsText, setTargetsText] = useState(targets.join(', '))
  const [query, setQuery] = useState('')
  const [found, setFound] = useState<CuratedCategoryView[] | null>(null)
  const [lookupError, setLookupError] = useState<string | null>(null)
  const [looking, setLooking] = useState(false)
  /** The attachment being changed, as read fresh from the platform when "Change" was chosen. */
  const [changing, setChanging] = useState<{ link: CategoryLinkView; note?: string } | null>(null)
  const [opening, setOpening] = useState<string | null>(null)
  const lookupInput = useRef<HTMLInputElement>(null)

  const reload = useCallback(async () => {
    try {
      setLinks((await unwrap(studio().lineItems.categories({ ...scope, lineItemId: item.id }))).links)
      setLoadError(null)
    } catch (error) {
      setLoadError(failureText(error))
    }
  }, [scope, item.id])
  const job = useJob((finished) => {
    if (finished.state === 'done') setChanging(null)
    void reload()
  })
  useEffect(() => {
    void reload()
  }, [reload])

  const parsedTargets = parseCountries(targetsText)
  const onTargets = (text: string) => {
    setTargetsText(text)
    setTargets(item.id, parseCountries(text).codes)
  }

  const lookUp = async (event: FormEvent) => {
    event.preventDefault()
    const term = query.trim()
    if (!term) return
    setLooking(true)
    setLookupError(null)
    try {
      if (/^[A-Za-z]{2}$/.test(term) && isCountryCode(term.toUpperCase())) {
        const { categories } = await unwrap(
          studio().curatedCategories.list({ ...scope, countryCodes: [term.toUpperCase()] }),
        )
        setFound(categories)
        if (categories.length === 0)
          setLookupError(`No curated category is available in ${countryName(term.toUpperCase())}.`)
      } else {
        const { category } = await unwrap(studio().curatedCategories.get({ ...scope, categoryId: term }))
        setFound([category])
      }
    } catch (error) {
      setFound(null)
      setLookupError(failureText(error))
    } finally {
      setLooking(false)
    }
  }

  const attached = new Set((links ?? []).map((link) => link.curatedCategoryId))
  const attach = (category: CuratedCategoryView) =>
    void job.start(() =>
      unwrap(
        studio().lineItems.attachCategory({ ...scope, lineItemId: item.id, curatedCategoryId: category.id }),
      ),
    )
  const detach = (link: CategoryLinkView) =>
    void job.start(() => unwrap(studio().lineItems.detachCategory({ ...scope, linkIds: [link.id] })))

  /** Reads the attachment fresh before it is changed: a change made elsewhere shows first. */
  const startChange = async (link: CategoryLinkView) => {
    setOpening(link.id)
    setLoadError(null)
    try {
      const fresh = (
        await unwrap(studio().lineItems.categoryLink({ ...scope, lineItemId: item.id, linkId: link.id }))
      ).link
      const movedTo = fresh.curatedCategoryId !== link.curatedCategoryId ? categoryName(fresh) : null
      setChanging({
        link: fresh,
        ...(movedTo ? { note: `Changed elsewhere: on the platform it is “${movedTo}” now.` } : {}),
      })
      if (movedTo) void reload()
      lookupInput.current?.focus()
    } catch (error) {
      setChanging(null)
      setLoadError(failureText(error))
      void reload()
    } finally {
      setOpening(null)
    }
  }
  const change = (category: CuratedCategoryView) => {
    if (!changing) return
    const linkId = changing.link.id
    void job.start(() =>
      unwrap(
        studio().lineItems.changeCategory({
          ...scope,
          lineItemId: item.id,
          linkId,
          curatedCategoryId: category.id,
        }),
      ),
    )
  }
  const changingName = changing ? categoryName(changing.link) : ''

  return (
    <div className="stack">
      <Field
        label="Countries this line item targets"
        value={targetsText}
        onChange={(event) => onTargets(event.target.value)}
        placeholder="US, GB"
        message={
          parsedTargets.unknown.length > 0
            ? { text: `Not a country code: ${parsedTargets.unknown.join(', ')}`, severity: 'error' }
            : undefined
        }
        hint="Optional. The line item record does not say where it runs; name its countries to be warned when a category is not available there."
        data-testid="target-countries"
      />

      <section aria-labelledby="attached-title" className="stack stack--tight">
        <h3 id="attached-title" className="li-subtitle">
          Attached to {lineItemName(item)}
        </h3>
        {loadError ? <Banner tone="error">{loadError}</Banner> : null}
        <JobReport state={job.state} onRetry={() => void job.retry()} />
        {links === null ? (
          <p className="muted" role="status">
            Loading…
          </p>
        ) : links.length === 0 ? (
          <p className="muted" data-testid="no-categories">
            No curated category yet: the line item can run on any publisher content.
          </p>
        ) : (
          <ul className="category-list stack stack--tight" aria-label="Attached curated categories">
            {links.map((link) =>
              link.category ? (
                <CategoryCard
                  key={link.id}
                  category={link.category}
                  targets={parsedTargets.codes}
                  action={
                    <div className="actions">
                      <Button
                        variant="ghost"
                        onClick={() => void startChange(link)}
                        busy={opening === link.id}
                        disabled={job.busy}
                        aria-label={`Change ${link.category.name}`}
                      >
                        <ArrowLeftRight size={16} aria-hidden="true" />
                        Change
                      </Button>
                      <Button
                        variant="ghost"
                        onClick={() => detach(link)}
                        disabled={job.busy}
                        aria-label={`Detach ${link.category.name}`}
                      >
                        <Unlink size={16} aria-hidden="true" />
                        Detach
                      </Button>
                    </div>
                  }
                />
              ) : (
                <li key={link.id} className="row row--spread card-surface category-card">
                  <p className="category-card__name">
                    Category <code className="code">{link.curatedCategoryId}</code> (no longer readable)
                  </p>
                  <Button variant="ghost" onClick={() => detach(link)} disabled={job.busy}>
                    <Unlink size={16} aria-hidden="true" />
                    Detach
                  </Button>
                </li>
              ),
            )}
          </ul>
        )}
      </section>

      <section aria-labelledby="find-title" className="stack stack--tight">
        <h3 id="find-title" className="li-subtitle">
          {changing ? `Put another category in place of “${changingName}”` : 'Attach a curated category'}
        </h3>
        {changing ? (
          <div className="category-change stack stack--tight" data-testid="category-change">
            {changing.note ? <p className="category-change__note">{changing.note}</p> : null}
            <p className="muted">
              {changing.note ? '' : `On the platform now: “${changingName}”. `}
              {changing.link.createdAt ? `Attached ${day(changing.link.createdAt)}` : ''}
              {changing.link.updatedAt && changing.link.updatedAt !== changing.link.createdAt
                ? `, last changed ${day(changing.link.updatedAt)}`
                : ''}
              {changing.link.createdAt ? '. ' : ''}
              Look up the category to use instead, then choose it.
            </p>
            <div>
              <Button variant="ghost" onClick={() => setChanging(null)}>
                Keep “{changingName}”
              </Button>
            </div>
          </div>
        ) : null}
        <form className="lookup-row" onSubmit={(event) => void lookUp(event)}>
          <Field
            ref={lookupInput}
            label="Category id, or a country code to browse"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="e.g. 1a2b3 or US"
            message={lookupError ? { text: lookupError, severity: 'error' } : undefined}
            data-testid="category-lookup"
          />
          <Button type="submit" busy={looking}>
            <Search size={16} aria-hidden="true" />
            Look up
          </Button>
        </form>
        {found && found.length > 0 ? (
          <ul className="category-list stack stack--tight" aria-label="Curated categories found">
            {found.map((category) => (
              <CategoryCard
                key={category.id}
                category={category}
                targets={parsedTargets.codes}
                action={
                  attached.has(category.id) ? (
                    <span className="badge badge--accent">Attached</span>
                  ) : changing ? (
                    <Button
                      onClick={() => change(category)}
                      disabled={job.busy}
                      aria-label={`Use instead: ${category.name} in place of ${changingName}`}
                    >
                      <ArrowLeftRight size={16} aria-hidden="true" />
                      Use instead
                    </Button>
                  ) : (
                    <Button
                      onClick={() => attach(category)}
                      disabled={job.busy}
                      aria-label={`Attach ${category.name}`}
                    >
                      <Link2 size={16} aria-hidden="true" />
                      Attach
                    </Button>
                  )
                }
              />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  )
}
