import { Download, History, Plus, Search, TrendingUp } from 'lucide-react'
import { useEffect, useId, useMemo, useState } from 'react'
import type { RouteInfo } from '../../nav/routes'
import {
  DAY_MS,
  HOUR_MS,
  keywordCount,
  validateKeywordQuery,
  type Granularity,
  type KeywordQuery,
} from '../../../shared/catalog/keywords'
import type { KeywordResult } from '../../../shared/ipc/contracts/catalogs'
import { LIMITS } from '../../../shared/rules/limits'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { PageHeader } from '../../components/PageHeader'
import { SegmentedField } from '../../components/Segmented'
import { studio, unwrap } from '../../lib/ipc'
import { ConnectFirst } from '../../kits/connection/ConnectFirst'
import { useActiveProfile, useProfilesLoaded } from '../../state/connection/activeProfile'
import { failureOf, type Failure } from '../../lib/failures'
import { FailureBanner } from '../../kits/connection/FailureBanner'
import { LocationPicker, type ChosenLocation } from '../../kits/targeting/LocationPicker'
import { ChipInput } from './ChipInput'
import { KeywordChart } from './KeywordChart'
import './keywords.css'

const MAX = LIMITS.keywordInsights.keywordsTotal.value
type Range = '1' | '3' | '7' | 'custom'

function toLocalInput(ms: number): string {
  const date = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000)
  return date.toISOString().slice(0, 16)
}

function describe(query: KeywordQuery): string {
  const days = Math.round((Date.parse(query.end) - Date.parse(query.start)) / DAY_MS)
  const span =
    days >= 1
      ? `${days} ${days === 1 ? 'day' : 'days'}`
      : `${Math.round((Date.parse(query.end) - Date.parse(query.start)) / HOUR_MS)} hours`
  const where = query.location ? query.location.name : 'the default country'
  return `${query.keywords.join(', ')}${query.negativeKeywords.length ? ` − ${query.negativeKeywords.join(', ')}` : ''} · ${span} by ${query.granularity === 'DAY' ? 'day' : 'hour'} · ${where}`
}

export default function KeywordsPage({ route }: { route: RouteInfo }) {
  useProfilesLoaded()
  const profile = useActiveProfile()
  if (!profile || profile.status !== 'connected')
    return <ConnectFirst route={route} icon={TrendingUp} what="how often people post your keywords" />
  return <KeywordInsights key={profile.id} route={route} profileId={profile.id} />
}

export function KeywordInsights({ route, profileId }: { route: RouteInfo; profileId: string }) {
  const [keywords, setKeywords] = useState<string[]>([])
  // "Add at least one keyword" waits until the designer has been in the field (or emptied it):
  // a form that opens already red scolds before anything was asked of them.
  const [keywordsVisited, setKeywordsVisited] = useState(false)
  const [negatives, setNegatives] = useState<string[]>([])
  const [range, setRange] = useState<Range>('7')
  const [customStart, setCustomStart] = useState(() => toLocalInput(Date.now() - 3 * DAY_MS))
  const [customEnd, setCustomEnd] = useState(() => toLocalInput(Date.now()))
  const [granularity, setGranularity] = useState<Granularity>('DAY')
  const [location, setLocation] = useState<ChosenLocation | undefined>(undefined)
  const [result, setResult] = useState<KeywordResult | null>(null)
  const [recent, setRecent] = useState<KeywordQuery[]>([])
  const [failure, setFailure] = useState<Failure | null>(null)
  const [busy, setBusy] = useState(false)
  const [exported, setExported] = useState<string | null>(null)
  const counterId = useId()
  const rangeNoteId = useId()

  useEffect(() => {
    void unwrap(studio().keywords.recent({ profileId }))
      .then((value) => setRecent(value.queries))
      .catch(() => undefined)
  }, [profileId])

  const query = useMemo((): KeywordQuery => {
    // Presets end at the current whole hour so that repeated searches line up.
    const end = range === 'custom' ? Date.parse(customEnd) : Math.floor(Date.now() / HOUR_MS) * HOUR_MS
    const start = range === 'custom' ? Date.parse(customStart) : end - Number(range) * DAY_MS
    return {
      keywords,
      negativeKeywords: negatives,
      granularity,
      start: Number.isFinite(start) ? new Date(start).toISOString() : '',
      end: Number.isFinite(end) ? new Date(end).toISOString() : '',
      ...(location ? { location } : {}),
    }
  }, [keywords, negatives, range, customStart, customEnd, granularity, location])

  const issues = useMemo(() => validateKeywordQuery(query, Date.now()), [query])
  const issueAt = (field: string) => issues.find((issue) => issue.path[0] === field)?.message
  const count = keywordCount(query)
  const overLimit = count > MAX
  const rangeIssue = issueAt('end') ?? issueAt('start')
  const keywordsIssue = keywords.length > 0 || keywordsVisited ? issueAt('keywords') : undefined
  /** What the counter line under both fields says is wrong, the most pressing first. */
  const countIssue = overLimit ? `remove ${count - MAX}` : (keywordsIssue ?? issueAt('negativeKeywords'))

  const run = async (next: KeywordQuery) => {
    setBusy(true)
    setFailure(null)
    setExported(null)
    try {
      const answer = await unwrap(studio().keywords.search({ profileId, query: next }))
      setResult(answer)
      setRecent((await unwrap(studio().keywords.recent({ profileId }))).queries)
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setBusy(false)
    }
  }

  const reuse = (previous: KeywordQuery) => {
    setKeywords(previous.keywords)
    setNegatives(previous.negativeKeywords)
    setGranularity(previous.granularity)
    setLocation(previous.location)
    const days = Math.round((Date.parse(previous.end) - Date.parse(previous.start)) / DAY_MS)
    if (['1', '3', '7'].includes(String(days))) setRange(String(days) as Range)
    else {
      setRange('custom')
      setCustomStart(toLocalInput(Date.parse(previous.start)))
      setCustomEnd(toLocalInput(Date.parse(previous.end)))
    }
  }

  const exportCsv = async () => {
    if (!result) return
    try {
      const saved = await unwrap(studio().keywords.exportCsv({ resultId: result.resultId }))
      if (saved.saved) setExported(`Saved ${saved.fileName ?? 'the CSV file'}.`)
    } catch (error) {
      setFailure(failureOf(error))
    }
  }

  const canSearch = issues.every((issue) => issue.severity !== 'error') && !busy

  return (
    <>
      <PageHeader title={route.label} summary={route.summary} />
      <div className="keywords-layout">
        <form
          className="nested-card keyword-form"
          aria-label="Keyword search"
          onSubmit={(event) => {
            event.preventDefault()
            if (canSearch) void run(query)
          }}
        >
          <ChipInput
            label="Keywords"
            chips={keywords}
            onChange={(next) => {
              setKeywords(next)
              setKeywordsVisited(true)
            }}
            onLeave={() => setKeywordsVisited(true)}
            full={count >= MAX}
            invalid={overLimit || Boolean(keywordsIssue)}
            describedBy={counterId}
            testId="keyword-input"
          />
          <ChipInput
            label="Negative keywords (optional)"
            chips={negatives}
            onChange={setNegatives}
            full={count >= MAX}
            invalid={overLimit || Boolean(issueAt('negativeKeywords'))}
            describedBy={counterId}
            testId="negative-input"
          />
          <p
            id={counterId}
            className={countIssue ? 'field__error' : 'field__hint'}
            aria-live="polite"
            data-testid="keyword-count"
          >
            {count} of {MAX} keywords, negative keywords included
            {countIssue ? ` — ${countIssue}` : ''}
          </p>
          <SegmentedField
            label="Time range"
            value={range}
            onChange={setRange}
            options={[
              { value: '1', label: '24 hours' },
              { value: '3', label: '3 days' },
              { value: '7', label: '7 days' },
              { value: 'custom', label: 'Custom' },
            ]}
            testIdPrefix="range"
            describedBy={rangeNoteId}
          >
            {range === 'custom' ? (
              <div className="grid-2 keyword-form__custom">
                {(
                  [
                    ['From', customStart, setCustomStart, 'range-start'],
                    ['To', customEnd, setCustomEnd, 'range-end'],
                  ] as const
                ).map(([label, value, set, testId]) => (
                  <label className="field" key={label}>
                    <span className="field__label">{label}</span>
                    <input
                      className="input"
                      type="datetime-local"
                      value={value}
                      onChange={(event) => set(event.target.value)}
                      aria-invalid={Boolean(rangeIssue) || undefined}
                      aria-describedby={rangeNoteId}
                      data-testid={testId}
                    />
                  </label>
                ))}
              </div>
            ) : null}
            <p
              id={rangeNoteId}
              className={rangeIssue ? 'field__error' : 'field__hint'}
              data-testid="range-note"
            >
              {rangeIssue ?? `Up to ${LIMITS.keywordInsights.rangeDays.value} days; times in your time zone.`}
            </p>
          </SegmentedField>
          <SegmentedField
            label="Points"
            value={granularity}
            onChange={setGranularity}
            options={[
              { value: 'DAY', label: 'One per day' },
              { value: 'HOUR', label: 'One per hour' },
            ]}
            testIdPrefix="granularity"
          />
          <LocationPicker
            profileId={profileId}
            label="Country"
            countriesOnly
            emptyLabel="The platform's default country"
            value={location}
            onChange={setLocation}
            invalid={Boolean(issueAt('location'))}
            data-testid="keyword-location"
          />
          <Button
            type="submit"
            variant="primary"
            disabled={!canSearch}
            busy={busy}
            data-testid="keyword-search"
          >
            <Search size={16} aria-hidden="true" />
            Search
          </Button>
          {recent.length > 0 ? (
            <section className="recent-queries" aria-labelledby="recent-title">
              <h2 id="recent-title" className="subsection-title">
                <History size={14} aria-hidden="true" /> Recent searches
              </h2>
              <ul>
                {recent.map((previous, index) => (
                  <li key={index}>
                    <button type="button" className="recent-query" onClick={() => reuse(previous)}>
                      {describe(previous)}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </form>

        <section className="keyword-results" aria-label="Results" aria-busy={busy || undefined}>
          <FailureBanner failure={failure} />
          {exported ? <Banner tone="success">{exported}</Banner> : null}
          {result ? (
            <>
              <div className="row row--spread keyword-results__head">
                <div>
                  <h2 className="section-title">Post volume</h2>
                  <p className="muted">{describe(result.query)}</p>
                </div>
                <Button onClick={() => void exportCsv()} data-testid="keyword-export">
                  <Download size={16} aria-hidden="true" />
                  Export CSV
                </Button>
              </div>
              <KeywordChart result={result} />
              <div className="related">
                <h3 className="subsection-title">Related keywords</h3>
                <p className="muted">Add one to your keywords, then search again.</p>
                <ul className="plain-list cluster related__chips" data-testid="related-keywords">
                  {result.relatedKeywords.map((keyword) => {
                    const taken = keywords.some((chip) => chip.toLowerCase() === keyword.toLowerCase())
                    return (
                      <li key={keyword}>
                        <button
                          type="button"
                          className="chip chip--button"
                          disabled={taken || count >= MAX}
                          aria-label={taken ? `${keyword} (added)` : `Add ${keyword}`}
                          onClick={() => setKeywords([...keywords, keyword])}
                        >
                          {taken ? null : <Plus size={12} aria-hidden="true" />}
                          {keyword}
                        </button>
                      </li>
                    )
                  })}
                </ul>
              </div>
            </>
          ) : (
            <EmptyState icon={TrendingUp} title="No search yet">
              <p>
                Add up to {MAX} keywords and choose a time range, then search to chart how often people post
                about them.
              </p>
            </EmptyState>
          )}
        </section>
      </div>
    </>
  )
}
