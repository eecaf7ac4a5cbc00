import { useState } from 'react'
import { RadioTower } from 'lucide-react'
import type { EndConnectionsTarget, StreamConnection } from '../../../shared/ipc/contracts/devtools'
import { disconnectReasonWord, streamEndpointWord } from '../../../shared/platformWords'
import type { StreamEndpoint } from '../../../shared/rules/platformToolLimits'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { DataTable } from '../../components/DataTable'
import { Segmented } from '../../components/Segmented'
import { failureOf } from '../../lib/failures'
import { studio, unwrap } from '../../lib/ipc'
import { useAction } from '../../lib/useAction'
import { FieldAlert } from '../../components/Field'

type Status = 'active' | 'inactive' | 'all'
const STATUS_OPTIONS = [
  { value: 'active', label: 'Open' },
  { value: 'inactive', label: 'Ended' },
  { value: 'all', label: 'All' },
] as const

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }
const when = (iso: string | undefined) => (iso ? new Date(iso).toLocaleString(undefined, WHEN) : '—')
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/**
 * The app's streaming connections (platform document lines 130-133), listed and ended: one, all
 * of one stream, or all. A stream refused with TooManyConnections — more connections open at once
 * than the app may have (line 189) — is cleared by ending the ones no longer used.
 */
export function StreamConnections({ profileId, onBearerUsed }: { profileId: string; onBearerUsed(): void }) {
  const [status, setStatus] = useState<Status>('active')
  const [list, setList] = useState<{ connections: StreamConnection[]; more: boolean } | null>(null)
  const [outcome, setOutcome] = useState<string | null>(null)
  const [failures, setFailures] = useState<{ id: string; message: string }[]>([])
  const { busy, problem, run } = useAction<string, string>((error) => failureOf(error).message)

  const load = (next: Status) =>
    run('load', async () => {
      try {
        setList(await unwrap(studio().devtools.connections({ profileId, status: next })))
      } finally {
        onBearerUsed()
      }
    })
  const end = (name: string, target: EndConnectionsTarget) =>
    run(name, async () => {
      const result = await unwrap(studio().devtools.endConnections({ profileId, target }))
      setOutcome(
        result.ended === 0 && result.failed === 0
          ? 'There were no open connections to end.'
          : `Ended ${plural(result.ended, 'connection')}${result.failed ? `; ${result.failed} could not be ended` : ''}.`,
      )
      setFailures(result.failures)
      setList(await unwrap(studio().devtools.connections({ profileId, status })))
    })

  const open = list?.connections.filter((c) => !c.disconnectedAt) ?? []
  const crowded = [...new Set(open.map((c) => c.endpoint))].filter(
    (endpoint) => open.filter((c) => c.endpoint === endpoint).length > 1,
  )

  return (
    <div className="stack" data-testid="stream-connections">
      <div className="tool-row">
        <RadioTower size={18} aria-hidden="true" className="muted" />
        <div className="tool-row__body">
          <h3 className="field__label" id="streams-title">
            Streaming connections
          </h3>
          <p className="field__hint">
            Streams this app has open on the platform. When a stream is refused because too many connections
            are open at once (TooManyConnections), end the ones no longer in use here. Uses the bearer token;
            creates one if needed.
          </p>
        </div>
        <Button busy={busy === 'load'} onClick={() => void load(status)} data-testid="streams-load">
          {list ? 'Refresh' : 'Show connections'}
        </Button>
      </div>
      {list ? (
        <>
          <Segmented
            label="Which connections"
            value={status}
            options={STATUS_OPTIONS}
            testIdPrefix="streams-status"
            onChange={(next) => {
              setStatus(next)
              void load(next)
            }}
          />
          {list.connections.length === 0 ? (
            <p className="muted" role="status">
              {status === 'active' ? 'No open connections.' : 'No connections to show.'}
            </p>
          ) : (
            <DataTable
              label="Streaming connections"
              columns={['Stream', 'Connected', 'Ended', 'From', { label: 'Actions', hidden: true }]}
            >
              {list.connections.map((c) => (
                <tr key={c.id} data-testid="stream-connection">
                  <th scope="row">{streamEndpointWord(c.endpoint)}</th>
                  <td>{when(c.connectedAt)}</td>
                  <td>
                    {c.disconnectedAt
                      ? `${when(c.disconnectedAt)}${c.disconnectReason ? ` — ${disconnectReasonWord(c.disconnectReason)}` : ''}`
                      : 'Open'}
                  </td>
                  <td>{c.clientIp ?? '—'}</td>
                  <td>
                    {c.disconnectedAt ? null : (
                      <Button
                        variant="ghost"
                        busy={busy === `end:${c.id}`}
                        aria-label={`End the ${streamEndpointWord(c.endpoint)} connection from ${c.clientIp ?? 'an unknown address'}`}
                        onClick={() => void end(`end:${c.id}`, { kind: 'ids', ids: [c.id] })}
                      >
                        End
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
          {list.more ? (
            <p className="field__hint">Showing the first 100; end some, then refresh, to see the rest.</p>
          ) : null}
          <div className="row">
            {crowded.map((endpoint) => (
              <Button
                key={endpoint}
                busy={busy === `endpoint:${endpoint}`}
                onClick={() =>
                  void end(`endpoint:${endpoint}`, { kind: 'endpoint', endpoint: endpoint as StreamEndpoint })
                }
              >
                End every {streamEndpointWord(endpoint).toLowerCase()} connection
              </Button>
            ))}
            {open.length > 0 ? (
              <ConfirmDialog
                title="End every open connection?"
                description={`The app's ${plural(open.length, 'open connection')} will be closed. Programs reading those streams have to connect again.`}
                confirmLabel="End them all"
                onConfirm={() => void end('all', { kind: 'all' })}
                trigger={
                  <Button variant="danger" busy={busy === 'all'} data-testid="streams-end-all">
                    End all open connections
                  </Button>
                }
              />
            ) : null}
          </div>
        </>
      ) : null}
      {outcome ? (
        <p className="field__hint" role="status" data-testid="streams-outcome">
          {outcome}
        </p>
      ) : null}
      {failures.length > 0 ? (
        <ul className="field__error">
          {failures.map((f) => (
            <li key={f.id}>
              Connection {f.id}: {f.message}
            </li>
          ))}
        </ul>
      ) : null}
      <FieldAlert message={problem} />
    </div>
  )
}
