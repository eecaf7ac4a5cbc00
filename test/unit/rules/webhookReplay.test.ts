import { describe, expect, it } from 'vitest'
import { replayDate, replayWindowProblem } from '../../../src/shared/rules/webhookReplay'

const now = Date.parse('2026-12-07T21:30:40Z')
const hour = 3_600_000

describe('the webhook replay window (POST /2/webhooks/replay)', () => {
  it('writes times as the UTC minute the platform reads', () => {
    expect(replayDate(Date.parse('2025-04-24T20:00:59.999Z'))).toBe('202504242000')
    expect(replayDate(now)).toBe('202612072130')
  })

  it('accepts a window inside the past 24 hours, up to now', () => {
    expect(replayWindowProblem(now - hour, now, now)).toBeUndefined()
    expect(replayWindowProblem(now - 24 * hour, now - 23 * hour, now)).toBeUndefined()
  })

  it('names the field and the fix for each window the platform refuses', () => {
    expect(replayWindowProblem(now - 25 * hour, now, now)).toMatchObject({
      field: 'from',
      message: expect.stringMatching(/^Only the past 24 hours can be replayed — start at /),
    })
    expect(replayWindowProblem(now + 2 * 60_000, now + hour, now)).toEqual({
      field: 'from',
      message: 'The start is in the future',
    })
    expect(replayWindowProblem(now - hour, now + 2 * 60_000, now)).toMatchObject({ field: 'to' })
    expect(replayWindowProblem(now - hour, now - hour + 10_000, now)).toEqual({
      field: 'to',
      message: 'The end must be after the start',
    })
    expect(replayWindowProblem(Number.NaN, now, now)).toMatchObject({ field: 'from' })
    expect(replayWindowProblem(now - hour, Number.NaN, now)).toMatchObject({ field: 'to' })
  })
})
