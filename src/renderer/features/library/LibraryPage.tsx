import { Images, Plug } from 'lucide-react'
import { Tabs } from 'radix-ui'
import { useState } from 'react'
import type { RouteInfo } from '../../app/routes'
import type { LibraryItem } from '../../../shared/ipc/contracts/library'
import { EmptyState } from '../../components/EmptyState'
import { CopyId } from '../../components/CopyId'
import { PageHeader } from '../../components/PageHeader'
import { useActiveProfile, useConnectedAccount, useProfilesLoaded } from '../accounts/activeProfile'
import { itemFacts, itemTitle, MEDIA_TYPE_LABELS } from './format'
import { cachedThumbnail, type LibraryScope, type Thumbnail } from './libraryClient'
import { MediaBrowser } from './MediaBrowser'
import { PublishedCards } from './PublishedCards'
import { PublishedPosts } from './PublishedPosts'
import './library.css'

/** POST_IMAGE → "Post image": the platform's enum values, as words. */
function inWords(value: string): string {
  const words = value.toLowerCase().replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The statuses the spec has seen (B, media library object), said as a designer would. */
function statusInWords(status: string): string {
  return status === 'TRANSCODE_COMPLETED' ? 'Ready' : inWords(status)
}

function MediaDetails({
  scope,
  item,
  thumbnail,
}: {
  scope: LibraryScope
  item: LibraryItem
  thumbnail?: Thumbnail | undefined
}) {
  const known = thumbnail ?? cachedThumbnail(scope, item.mediaKey)
  const rows: [string, string | undefined][] = [
    ['Type', item.mediaType ? MEDIA_TYPE_LABELS[item.mediaType] : undefined],
    ['Size', itemFacts(item, known).join(' · ') || undefined],
    ['Category', item.mediaCategory ? inWords(item.mediaCategory) : undefined],
    ['Status', item.mediaStatus ? statusInWords(item.mediaStatus) : undefined],
    ['File name', item.fileName],
    ['Title', item.title],
    ['Used in a post', item.posted === undefined ? undefined : item.posted ? 'Yes' : 'Not yet'],
  ]
  return (
    <aside className="media-details" aria-label="Selected medium" data-testid="media-details">
      {known?.dataUrl ? <img className="media-details__image" src={known.dataUrl} alt="" /> : null}
      <h2 className="media-details__title">{itemTitle(item)}</h2>
      {/* The media key is for other tools: copied on request, not shown. */}
      <CopyId value={item.mediaKey} what={itemTitle(item)} label="Copy media key" />
      <dl className="media-details__list">
        {rows.map(([label, value]) =>
          value ? (
            <div key={label} className="media-details__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
    </aside>
  )
}

function MediaTab({ scope }: { scope: LibraryScope }) {
  const [selected, setSelected] = useState<{ item: LibraryItem; thumbnail?: Thumbnail | undefined } | null>(
    null,
  )
  return (
    <div className={selected ? 'library-media library-media--with-details' : 'library-media'}>
      <MediaBrowser
        scope={scope}
        selectedKey={selected?.item.mediaKey ?? null}
        onActivate={(item, thumbnail) =>
          setSelected((current) => (current?.item.mediaKey === item.mediaKey ? null : { item, thumbnail }))
        }
      />
      {selected ? <MediaDetails scope={scope} item={selected.item} thumbnail={selected.thumbnail} /> : null}
    </div>
  )
}

/** The connected account's media library, published cards and published posts. */
export function LibraryPage({ route }: { route: RouteInfo }) {
  useProfilesLoaded()
  const profile = useActiveProfile()
  const connected = useConnectedAccount()

  if (!connected) {
    const expired = profile?.status === 'expired'
    return (
      <>
        <PageHeader title={route.label} summary={route.summary} />
        <EmptyState
          icon={expired ? Plug : Images}
          title={expired ? 'Your access expired — connect again' : 'Not connected'}
        >
          <p>
            {expired
              ? 'The platform no longer accepts this profile’s access token.'
              : profile?.status === 'connected'
                ? 'Choose an ad account in the sidebar to browse its library.'
                : 'Connect a profile to browse its media library and published cards.'}
          </p>
          <p>
            <a href="#/connect" className="inline-link" data-testid="reconnect-link">
              Go to Connect
            </a>
          </p>
        </EmptyState>
      </>
    )
  }

  const scope = { profileId: connected.profile.id, accountId: connected.accountId }
  return (
    <>
      <PageHeader title={route.label} summary={route.summary} />
      <Tabs.Root defaultValue="media" className="library-tabs">
        <Tabs.List className="library-tabs__list" aria-label="Library">
          <Tabs.Trigger value="media" className="library-tabs__tab">
            Media
          </Tabs.Trigger>
          <Tabs.Trigger value="cards" className="library-tabs__tab">
            Published cards
          </Tabs.Trigger>
          <Tabs.Trigger value="posts" className="library-tabs__tab">
            Posts
          </Tabs.Trigger>
        </Tabs.List>
        {/* Keyed by account so a switch starts every list afresh. */}
        <Tabs.Content value="media" className="library-tabs__panel">
          <MediaTab key={`${scope.profileId}:${scope.accountId}`} scope={scope} />
        </Tabs.Content>
        <Tabs.Content value="cards" className="library-tabs__panel">
          <PublishedCards key={`${scope.profileId}:${scope.accountId}`} scope={scope} />
        </Tabs.Content>
        <Tabs.Content value="posts" className="library-tabs__panel">
          <PublishedPosts key={`${scope.profileId}:${scope.accountId}`} scope={scope} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  )
}
