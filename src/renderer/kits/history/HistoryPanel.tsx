import { History, Lock } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import type { AppWriteView, HistoryEntryView } from '../../../shared/ipc/contracts/campaign'
import { ACCOUNT_LIMITS } from '../../../shared/rules/accountLimits'
import { formatMicros } from '../../../shared/rules/money'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { Segmented } from '../../components/Segmented'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'
import {
  changeSourceWord,
  changeTypeWord,
  fieldLabel,
  historyEntityWord,
  isEnumeratedField,
  valueWord,
} from '../../../shared/platformWords'
import { Combobox } from '../../components/Combobox'
import { PICKABLE_TYPES, useHistoryTargets } from './historyTargets'
import { Field } from '../../components/Field'
import { failureText } from '../jobs/useJob'
import { useActiveProfile, type AccountScope } from '../../state/connection/activeProfile'
import type { ProfileSummary } from '../../../shared/profiles'
import { SelectField } from '../../components/SelectField'
import './history.css'
const HOUR = 3_600_000
type Range = 'day' | 'week' | 'custom'
/** The two ends of a custom range, each typed as a whole UTC hour. */
const HOUR_FIELDS = [
  { end: 'start', label: 'From (UTC, whole hour)' },
  { end: 'end', label: 'To (UTC, whole hour)' },
] as const

/** The API takes whole hours (B:162); the range is written in UTC so a whole hour is one everywhere. */
function utcInput(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16)
}
function fromUtcInput(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined
  const ms = Date.parse(`${value}:00Z`)
  return Number.isNaN(ms) ? undefined : ms
}
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')

function rangeOf(
  range: Range,
  custom: { start: string; end: string },
): { start?: number; end?: number; error?: string; field?: 'start' | 'end' } {
  const nextHour = Math.ceil(Date.now() / HOUR) * HOUR
  if (range === 'day') return { start: nextHour - 24 * HOUR, end: nextHour }
  if (range === 'week') return { start: nextHour - 7 * 24 * HOUR, end: nextHour }
  const start = fromUtcInput(custom.start)
  const end = fromUtcInput(custom.end)
  if (start === undefined) return { error: 'Enter a date and an hour', field: 'start' }
  if (end === undefined) return { error: 'Enter a date and an hour', field: 'end' }
  if (start % HOUR !== 0) return { error: 'Account history takes whole hours: use :00', field: 'start' }
  if (end % HOUR !== 0) return { error: 'Account history takes whole hours: use :00', field: 'end' }
  if (end <= start) return { error: 'The end must be after the start', field: 'end' }
  return { start, end }
}

const HISTORY_TIME = { dateStyle: 'medium', timeStyle: 'short' } as const

function describeValue(key: string, value: unknown, currency: string | undefined): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return value.length === 0 ? '—' : value.join(', ')
  if (typeof value === 'object') return JSON.stringify(value)
  const text = String(value)
  // Money is micro units (B:5): shown in the account currency, exactly.
  if (key.endsWith('_local_micro') && /^\d+$/.test(text)) return formatMicros(text, currency)
  if (isEnumeratedField(key)) return valueWord(text)
  if (/_(time|at)$/.test(key) && !Number.isNaN(Date.parse(text)))
    return new Date(text).toLocaleString(undefined, HISTORY_TIME)
  return text
}

function Changes({ entry }: { entry: HistoryEntryView }) {
  const changes = entry.changes
  const currency = typeof entry.entityData?.currency === 'string' ? entry.entityData.currency : undefined
  if (changes && typeof changes === 'object' && !Array.isArray(changes)) {
    const rows = Object.entries(changes)
    if (rows.length === 0) return null
    return (
      <dl className="history-changes">
        {rows.map(([key, value]) => (
          <div key={key} className="history-changes__row">
            <dt title={key}>{fieldLabel(key)}</dt>
            <dd>{describeValue(key, value, currency)}</dd>
          </div>
        ))}
      </dl>
    )
  }
  if (entry.changeType === 'CREATE' && entry.entityData) {
    const name = entry.entityData.name
    return <p className="muted">Created{typeof name === 'string' ? ` as “${name}”` : ''}.</p>
  }
  if (changes !== undefined && changes !== null)
    return <p className="muted">{describeValue('', changes, currency)}</p>
  return null
}

/** Who made a change: the connected person by name; anyone else by the platform's user id. */
function changedByWords(userId: string | undefined, me: ProfileSummary | null): string {
  if (!userId) return ''
  if (me?.userId === userId) return me.screenName ? `by you (@${me.screenName})` : 'by you'
  return `by another user (${userId})`
}
const formatTime = (value: string) => new Date(value).toLocaleString(undefined, HISTORY_TIME)

/** One line of the timeline: from the platform's history, or a write this app made (its outbox). */
type TimelineItem =
  | { source: 'platform'; time: string; entry: HistoryEntryView }
  | { source: 'app'; time: string; write: AppWriteView }

/** The platform's entries and the app's own writes, newest first. */
function timeline(entries: readonly HistoryEntryView[], writes: readonly AppWriteView[]): TimelineItem[] {
  const items: TimelineItem[] = [
    ...entries.map((entry) => ({ source: 'platform' as const, time: entry.changeTime, entry })),
    ...writes.map((write) => ({ source: 'app' as const, time: write.at, write })),
  ]
  return items.sort((a, b) => Date.parse(b.time) - Date.parse(a.time))
}

const SOURCE_WORDS = { platform: 'Platform history', app: 'Sent by Ads Studio' } as const

function SourceLabel({ source }: { source: TimelineItem['source'] }) {
  return (
    <span className={`history-source history-source--${source}`} data-testid="history-source">
      {SOURCE_WORDS[source]}
    </span>
  )
}

function PlatformEntry({ entry, me }: { entry: HistoryEntryView; me: ProfileSummary | null }) {
  return (
    <div className="timeline__body">
      <p className="timeline__head">
        <span
          className={`badge ${entry.changeType === 'DELETE' ? 'badge--danger' : entry.changeType === 'CREATE' ? 'badge--success' : 'badge--accent'}`}
        >
          {changeTypeWord(entry.changeType)}
        </span>
        <time dateTime={entry.changeTime}>{formatTime(entry.changeTime)}</time>
        <SourceLabel source="platform" />
        <span className="muted">
          {changedByWords(entry.changedBy.userId, me)}
          {entry.changedBy.platform ? ` through ${changeSourceWord(entry.changedBy.platform)}` : ''}
        </span>
      </p>
      <Changes entry={entry} />
    </div>
  )
}

function AppWrite({ write }: { write: AppWriteView }) {
  return (
    <div className="timeline__body">
      <p className="timeline__head">
        <span className="badge badge--neutral">Written</span>
        <time dateTime={write.at}>{formatTime(write.at)}</time>
        <SourceLabel source="app" />
      </p>
      <p className="history-write">
        {write.label}
        {write.jobTitle !== write.label ? <span className="muted"> · part of “{write.jobTitle}”</span> : null}
      </p>
    </div>
  )
}

/**
 * Account history (beta, allowlisted) of a campaign or line item between two whole hours, as a
 * timeline, newest first. An account outside the beta is told so plainly.
 */
export function HistoryPanel({
  scope,
  entityType: initialType = 'LINE_ITEM',
  entityId: initialId = '',
  fixedEntity = false,
}: {
  scope: AccountScope
  entityType?: string
  entityId?: string
  fixedEntity?: boolean
}) {
  const [entityType, setEntityType] = useState(initialType)
  const [entityId, setEntityId] = useState(initialId)
  const [range, setRange] = useState<Range>('week')
  const [custom, setCustom] = useState(() => {
    const nextHour = Math.ceil(Date.now() / HOUR) * HOUR
    return { start: utcInput(nextHour - 24 * HOUR), end: utcInput(nextHour) }
  })
  const [entries, setEntries] = useState<HistoryEntryView[] | null>(null)
  /** What this app wrote to the object in the range, from its outbox: shown even when the platform's history is not. */
  const [writes, setWrites] = useState<AppWriteView[]>([])
  const [cursor, setCursor] = useState<string | null>(null)
  const [error, setError] = useState<{ message: string; notAllowed: boolean } | null>(null)
  const [loading, setLoading] = useState(false)
  const bounds = rangeOf(range, custom)
  const targets = useHistoryTargets(scope, !fixedEntity)
  const me = useActiveProfile()
  const choices = PICKABLE_TYPES.has(entityType) ? targets?.[entityType] : undefined
  const what = historyEntityWord(entityType).toLowerCase()

  const load = useCallback(
    async (more?: string) => {
      if (bounds.start === undefined || bounds.end === undefined || entityId.trim() === '') return
      setLoading(true)
      if (!more) {
        const written = await unwrap(
          studio().accounts.appWrites({
            ...scope,
            entityId: entityId.trim(),
            startTime: iso(bounds.start),
            endTime: iso(bounds.end),
          }),
        ).catch(() => ({ writes: [] }))
        setWrites(written.writes)
      }
      try {
        const page = await unwrap(
          studio().accounts.history({
            ...scope,
            entityType,
            entityId: entityId.trim(),
            startTime: iso(bounds.start),
            endTime: iso(bounds.end),
            ...(more ? { cursor: more } : {}),
          }),
        )
        setEntries((current) => [...(more ? (current ?? []) : []), ...page.entries])
        setCursor(page.nextCursor)
        setError(null)
      } catch (failure) {
        setEntries(null)
        setError({
          message: failureText(failure),
          notAllowed: failure instanceof IpcFailure && failure.error.code === 'forbidden',
        })
      } finally {
        setLoading(false)
      }
    },
    [bounds.start, bounds.end, entityId, entityType, scope],
  )

  useEffect(() => {
    if (fixedEntity) void load()
    // Only the range changes reload on their own; a typed id waits for "Show history".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fixedEntity, range, bounds.start, bounds.end])

  const items = timeline(entries ?? [], writes)
  return (
    <div className="stack stack--tight" data-testid="history-panel">
      <div className="history-controls">
        {fixedEntity ? null : (
          <>
            <SelectField
              label="Of a"
              value={entityType}
              options={ACCOUNT_LIMITS.historyEntityTypes.values.map((value) => ({
                value,
                label: historyEntityWord(value),
              }))}
              onChange={(type) => {
                setEntityType(type)
                setEntityId('')
              }}
            />
            {choices && choices.length > 0 ? (
              <Combobox
                label={historyEntityWord(entityType)}
                value={entityId}
                options={choices}
                onChange={setEntityId}
                placeholder={`Search by ${what} name`}
                listLabel={`${historyEntityWord(entityType)}s of this account`}
                noMatch={(query) => `No ${what} matches “${query}”.`}
                data-testid="history-entity-pick"
              />
            ) : (
              <Field
                label={`${historyEntityWord(entityType)} id`}
                value={entityId}
                onChange={(event) => setEntityId(event.target.value)}
                placeholder="e.g. 8u94t"
                data-testid="history-entity-id"
              />
            )}
          </>
        )}
        <div className="field history-controls__range">
          <span className="field__label">Between</span>
          <Segmented
            label="Time range"
            value={range}
            options={[
              { value: 'day', label: 'Last 24 hours' },
              { value: 'week', label: 'Last 7 days' },
              { value: 'custom', label: 'Hours…' },
            ]}
            onChange={setRange}
            testIdPrefix="history-range"
          />
        </div>
        {fixedEntity ? null : (
          <Button
            onClick={() => void load()}
            disabled={bounds.error !== undefined || entityId.trim() === ''}
            busy={loading}
          >
            <History size={16} aria-hidden="true" />
            Show history
          </Button>
        )}
      </div>
      {range === 'custom' ? (
        <div className="grid-2">
          {HOUR_FIELDS.map(({ end, label }) => (
            <Field
              key={end}
              label={label}
              type="datetime-local"
              step={3600}
              value={custom[end]}
              onChange={(event) => setCustom((c) => ({ ...c, [end]: event.target.value }))}
              message={bounds.field === end ? { text: bounds.error ?? '', severity: 'error' } : undefined}
              data-testid={`history-${end}`}
            />
          ))}
        </div>
      ) : null}

      {error?.notAllowed ? (
        <div className="well feature-note" role="alert" data-testid="history-not-allowlisted">
          <Lock size={16} aria-hidden="true" />
          <div>
            <p className="feature-note__title">Account history is a beta for allowlisted accounts</p>
            <p className="feature-note__body">{error.message}</p>
          </div>
        </div>
      ) : error ? (
        <Banner tone="error">{error.message}</Banner>
      ) : null}

      {entries === null && writes.length === 0 ? (
        loading ? (
          <p className="muted" role="status">
            Loading history…
          </p>
        ) : null
      ) : items.length === 0 ? (
        <p className="muted" data-testid="history-empty">
          No changes in this period, in the platform’s history or from Ads Studio.
        </p>
      ) : (
        <ol className="timeline" aria-label="Changes, newest first">
          {items.map((item, index) => (
            <li
              key={`${item.source}-${item.time}-${index}`}
              className="timeline__item"
              data-testid="history-entry"
              data-source={item.source}
            >
              <span className={`timeline__dot timeline__dot--${item.source}`} aria-hidden="true" />
              {item.source === 'platform' ? (
                <PlatformEntry entry={item.entry} me={me} />
              ) : (
                <AppWrite write={item.write} />
              )}
            </li>
          ))}
        </ol>
      )}
      {cursor ? (
        <Button variant="ghost" onClick={() => void load(cursor)} busy={loading}>
          Load older changes
        </Button>
      ) : null}
    </div>
  )
}
