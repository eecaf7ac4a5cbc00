import type { PublishedCard, PublishedCardKind } from '../../shared/ipc/contracts/library'
import { cardSchema } from '../api/cards'
import { toPublishedCard } from './records'
import type { MirrorKind } from '../mirror/kinds'
import type { MirrorStore } from '../mirror/store'

const MIRROR_KIND_OF: Record<PublishedCardKind, MirrorKind> = {
  component: 'cards',
  poll: 'poll_cards',
  video_conversation: 'video_conversation_cards',
}

/**
 * The Library's published cards as the mirror last saw them, for when the platform cannot be
 * read: the same filters as the platform's list (a name prefix, case-insensitive, as `q` is in
 * spec part B:79; component card types), deleted and vanished cards left out. `asOf` is the
 * oldest of the kinds' copies; undefined when no kind asked for was ever mirrored.
 */
export async function offlineCards(
  store: MirrorStore,
  profileId: string,
  accountId: string,
  request: { kinds: PublishedCardKind[]; cardTypes?: string[] | undefined; q?: string | undefined },
): Promise<{ cards: PublishedCard[]; asOf: string } | undefined> {
  const cards: PublishedCard[] = []
  const ages: string[] = []
  const prefix = request.q?.toLocaleLowerCase()
  for (const kind of new Set(request.kinds)) {
    const mirror = await store.open(profileId, accountId, MIRROR_KIND_OF[kind])
    const { asOf } = mirror.status()
    if (asOf === null) continue
    ages.push(asOf)
    for (const record of await mirror.readRecords()) {
      if (record.deleted || record.missing) continue
      const card = cardSchema.safeParse(record.raw)
      if (!card.success) continue
      const shown = toPublishedCard(kind, card.data)
      if (prefix && !shown.name.toLocaleLowerCase().startsWith(prefix)) continue
      if (
        kind === 'component' &&
        request.cardTypes?.length &&
        !request.cardTypes.includes(shown.cardType ?? '')
      )
        continue
      cards.push(shown)
    }
  }
  if (ages.length === 0) return undefined
  cards.sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || a.name.localeCompare(b.name))
  return { cards, asOf: ages.sort()[0]! }
}
