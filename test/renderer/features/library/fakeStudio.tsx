// A stand-in for window.studio that answers the account and library channels from plain data
// and records each call, so the components can be driven without main.
import { vi } from 'vitest'
import type { LibraryItem } from '../../../../src/shared/ipc/contracts/library'
import type { ProfileList, ProfileSummary } from '../../../../src/shared/profiles'

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value })
const failure = (code: string, message: string, field?: string) =>
  Promise.resolve({ ok: false as const, error: { code, message, ...(field ? { field } : {}) } })

export const PROFILE_ID = '0b7f6c1e-4a3b-4c55-9d5e-2f1a6b8c9d00'

export function profile(overrides: Partial<ProfileSummary> = {}): ProfileSummary {
  return {
    id: PROFILE_ID,
    label: 'Studio sandbox',
    environment: 'local_sandbox',
    hosts: {
      apiUrl: 'http://127.0.0.1:1',
      adsUrl: 'http://127.0.0.1:1/ads',
      adsSandboxUrl: 'http://127.0.0.1:1/ads-sandbox',
    },
    consumerKey: 'key',
    accessLevel: 'write',
    status: 'connected',
    screenName: 'designer',
    userId: '1',
    activeAccountId: 'acc-main',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  }
}

export function mediaItem(index: number, overrides: Partial<LibraryItem> = {}): LibraryItem {
  return {
    mediaKey: `3_${1000 + index}`,
    mediaType: 'IMAGE',
    name: `Image ${index}`,
    aspectRatio: '1.91:1',
    mediaUrl: `https://cdn.example/${index}.png`,
    hasThumbnail: true,
    ...overrides,
  }
}

export interface FakeOptions {
  profiles?: ProfileSummary[]
  accounts?: { id: string; name: string }[]
  features?: Record<string, string[]>
  media?: LibraryItem[]
  pageSize?: number
  expiredOnList?: boolean
}

export function installFakeStudio(options: FakeOptions = {}) {
  let profiles = options.profiles ?? [profile()]
  let accounts = options.accounts ?? [
    { id: 'acc-main', name: 'Main account' },
    { id: 'acc-second', name: 'Second account' },
  ]
  const media = options.media ?? []
  const pageSize = options.pageSize ?? 20
  const list = (): ProfileList => ({ profiles, activeProfileId: profiles[0]?.id ?? null })
  const calls = {
    select: vi.fn(({ profileId, accountId }: { profileId: string; accountId: string }) => {
      profiles = profiles.map((entry) =>
        entry.id === profileId ? { ...entry, activeAccountId: accountId } : entry,
      )
      return ok(profiles.find((entry) => entry.id === profileId)!)
    }),
    features: vi.fn(({ accountId }: { accountId: string }) =>
      ok({ features: options.features?.[accountId] ?? [] }),
    ),
    createSandbox: vi.fn(() => {
      const account = { id: 'acc-new', name: 'Sandbox account acc-new' }
      accounts = [...accounts, account]
      return ok({ account })
    }),
    libraryList: vi.fn((request: { q?: string; mediaType?: string; cursor?: string }) => {
      if (options.expiredOnList) return failure('token_expired', 'Your access was revoked — authorize again')
      const matching = media.filter(
        (item) =>
          (!request.mediaType || item.mediaType === request.mediaType) &&
          (!request.q || (item.name ?? '').toLowerCase().includes(request.q.toLowerCase())),
      )
      const start = request.cursor ? Number(request.cursor) : 0
      const items = matching.slice(start, start + pageSize)
      const next = start + pageSize < matching.length ? String(start + pageSize) : null
      return ok({ items, nextCursor: next })
    }),
    thumbnail: vi.fn(({ mediaKey }: { mediaKey: string }) =>
      ok({ dataUrl: `data:image/png;base64,${btoa(mediaKey)}`, width: 1200, height: 628 }),
    ),
  }
  const studio = {
    profiles: { list: () => ok(list()) },
    accounts: {
      list: () => ok({ accounts }),
      select: calls.select,
      features: calls.features,
      createSandbox: calls.createSandbox,
    },
    library: { list: calls.libraryList, thumbnail: calls.thumbnail },
    // The account switcher follows the account's team rule packs (issue 44): none here.
    teamRules: { list: () => ok({ packs: [] }) },
  }
  Object.defineProperty(window, 'studio', { value: studio, configurable: true })
  return calls
}

/** What Radix needs from the DOM that jsdom leaves out. */
export function polyfillRadix(): void {
  const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>
  proto.hasPointerCapture ??= () => false
  proto.releasePointerCapture ??= () => {}
  proto.setPointerCapture ??= () => {}
  proto.scrollIntoView ??= () => {}
  ;(window as unknown as Record<string, unknown>).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}
