// The audience estimate follows the chosen targeting: asked once the choice pauses, answered
// from what it already had when a choice comes back, with the range and the time it was made.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AudienceEstimatePanel } from '../../../../src/renderer/kits/targeting/AudienceEstimatePanel'
import { ESTIMATE_PAUSE_MS } from '../../../../src/renderer/kits/targeting/useAudienceEstimate'
import { polyfillRadix } from '../../features/library/fakeStudio'

const PROFILE_ID = '0b7f6c1e-4a3b-4c55-9d5e-2f1a6b8c9d00'
const PLACES = [
  { name: 'Germany', countryCode: 'DE', locationType: 'COUNTRIES', targetingValue: 'de00de00de00de00' },
  { name: 'France', countryCode: 'FR', locationType: 'COUNTRIES', targetingValue: 'fr00fr00fr00fr00' },
]
const ESTIMATED_AT = '2026-12-07T10:00:00.000Z'

let estimate: ReturnType<typeof vi.fn>
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  estimate = vi.fn(async ({ criteria }: { criteria: unknown[] }) => ({
    ok: true,
    value: {
      estimate: { min: criteria.length * 1000, max: criteria.length * 1500, estimatedAt: ESTIMATED_AT },
    },
  }))
  Object.defineProperty(window, 'studio', {
    configurable: true,
    value: {
      targeting: {
        locations: vi.fn(async ({ query }: { query: string }) => ({
          ok: true,
          value: { locations: PLACES.filter((p) => p.name.toLowerCase().startsWith(query.toLowerCase())) },
        })),
        estimate,
      },
    },
  })
  polyfillRadix()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const pause = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })

async function addPlace(name: string) {
  const field = screen.getByTestId('estimate-location')
  fireEvent.click(field)
  fireEvent.change(field, { target: { value: name.slice(0, 3) } })
  await pause(300)
  fireEvent.mouseDown(screen.getByRole('option', { name: new RegExp(name) }))
}

describe('AudienceEstimatePanel', () => {
  it('asks once the choice has paused, not for each step on the way, and shows range and date', async () => {
    render(<AudienceEstimatePanel profileId={PROFILE_ID} accountId="acc-main" />)
    expect(screen.getByTestId('estimate-result').textContent).toMatch(/Add a place/)
    await addPlace('Germany')
    await addPlace('France')
    await pause(ESTIMATE_PAUSE_MS + 50)
    expect(estimate).toHaveBeenCalledTimes(1)
    expect(estimate.mock.calls[0]?.[0]).toEqual({
      profileId: PROFILE_ID,
      accountId: 'acc-main',
      criteria: [
        { type: 'LOCATION', value: 'de00de00de00de00' },
        { type: 'LOCATION', value: 'fr00fr00fr00fr00' },
      ],
    })
    const result = screen.getByTestId('estimate-result').textContent
    expect(result).toMatch(/2,000 – 3,000 people/)
    expect(result).toContain(new Date(ESTIMATED_AT).toLocaleString())
    expect(screen.getByTestId('estimate-who').textContent).toMatch(/in Germany or France/)
  })

  it('answers a targeting it has had before without asking again', async () => {
    render(<AudienceEstimatePanel profileId={PROFILE_ID} accountId="acc-main" />)
    await addPlace('Germany')
    await pause(ESTIMATE_PAUSE_MS + 50)
    await addPlace('France')
    await pause(ESTIMATE_PAUSE_MS + 50)
    expect(estimate).toHaveBeenCalledTimes(2)
    fireEvent.click(screen.getByRole('button', { name: 'Remove France' }))
    expect(screen.getByTestId('estimate-result').textContent).toMatch(/1,000 – 1,500 people/)
    await pause(ESTIMATE_PAUSE_MS + 50)
    expect(estimate).toHaveBeenCalledTimes(2)
  })

  it('sends what the page fixes (the audience) with the places, and says why it failed', async () => {
    estimate.mockResolvedValueOnce({
      ok: false,
      error: { code: 'invalid_input', message: 'aud-1 is not a custom audience of account acc-main' },
    })
    render(
      <AudienceEstimatePanel
        profileId={PROFILE_ID}
        accountId="acc-main"
        fixed={[{ type: 'CUSTOM_AUDIENCE', value: 'aud-1' }]}
        fixedLabel="people in this audience"
      />,
    )
    await pause(ESTIMATE_PAUSE_MS + 50)
    expect(estimate.mock.calls[0]?.[0].criteria).toEqual([{ type: 'CUSTOM_AUDIENCE', value: 'aud-1' }])
    expect(screen.getByTestId('estimate-result').textContent).toMatch(/not a custom audience/)
    expect(screen.getByTestId('estimate-who').textContent).toMatch(/people in this audience anywhere/)
  })
})
