import type { Runtime } from '../context'
import { OutsideChangeError, applyOutsideChange } from './outsideEdits'
import type { OutsideChange, OutsideChangeRequest, OutsideSchedule } from './outsideEdits'
import { RequestLog } from './requestLog'
import { fillObjects } from './fill'
import type { FillKind, FillRequest } from './fill'

const LOG_MAX = 10_000

/**
 * The sandbox's side channel: the request log and the rest of the world's changes, by request or
 * on a schedule. Nothing here is part of the platform's API; the admin routes expose it.
 */
export class World {
  readonly requests = new RequestLog()
  private changes: OutsideChange[] = []
  private seq = 0
  private timer: ReturnType<typeof setInterval> | undefined
  private current: OutsideSchedule | undefined

  constructor(
    private readonly rt: Runtime,
    private readonly random: () => number,
    private readonly persist: () => void,
  ) {}

  /** Applies one change now; throws OutsideChangeError when it cannot be made. */
  change(request: OutsideChangeRequest, source: OutsideChange['source'] = 'request'): OutsideChange {
    const applied = applyOutsideChange(this.rt, request, this.random, this.seq + 1, Date.now())
    this.seq += 1
    const change: OutsideChange = { seq: this.seq, source, ...applied }
    this.changes.push(change)
    if (this.changes.length > LOG_MAX) this.changes.splice(0, this.changes.length - LOG_MAX)
    this.persist()
    return structuredClone(change)
  }

  /** Someone made `count` objects of a kind on an account; throws OutsideChangeError when refused. */
  fill(request: FillRequest): { kind: FillKind; total: number } {
    const filled = fillObjects(this.rt, request, Date.now())
    this.persist()
    return filled
  }

  /** Changes after `since` (a seq), oldest first. */
  log(since = 0): OutsideChange[] {
    return structuredClone(this.changes.filter((c) => c.seq > since))
  }

  get schedule(): OutsideSchedule | undefined {
    return this.current ? structuredClone(this.current) : undefined
  }

  /** Every `everyMs`, one change of a kind and action picked at random among those possible. */
  startSchedule(schedule: OutsideSchedule): void {
    this.stopSchedule()
    this.current = structuredClone(schedule)
    this.timer = setInterval(() => this.tick(schedule), schedule.everyMs)
    this.timer.unref()
  }

  stopSchedule(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    this.current = undefined
  }

  private tick(schedule: OutsideSchedule): void {
    const options = schedule.kinds.flatMap((kind) => schedule.actions.map((action) => ({ kind, action })))
    // Try the pairs in a random order until one finds an object to change.
    while (options.length > 0) {
      const [pick] = options.splice(Math.floor(this.random() * options.length), 1)
      if (!pick) return
      try {
        this.change(pick, 'schedule')
        return
      } catch (error) {
        if (!(error instanceof OutsideChangeError)) throw error
      }
    }
  }
}
