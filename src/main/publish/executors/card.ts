import type { AdsContext } from '../../api/adsRequest'
import type { Card } from '../../api/cards'
import { createCard, createPollCard, createVideoConversationCard } from '../../api/cards'
import type {
  CardPayload,
  PayloadByKind,
  PollCardPayload,
  VideoConversationCardPayload,
} from '../../../shared/rules/payloads'
import type { Answer, JobEnv, StepExecutor } from '../executor'
import type { CardKind, CardStep } from '../job'
import { PUBLISH_OPS } from '../job'
import { payloadFor } from '../payloads'
import type { ReconcileScope } from '../reconcile'
import { findCard, findPollCard, findVideoConversationCard } from '../reconcile'
import { publishJobOf, scopeOf } from './common'

/** Creates the card of a card draft: a component card, a poll card or a video conversation card. */

function videoConversationInput(payload: VideoConversationCardPayload) {
  const optional = (value: string | undefined) => (value === undefined || value === '' ? undefined : value)
  const input = {
    name: payload.name,
    firstCta: payload.first_cta,
    firstCtaPost: payload.first_cta_post,
    mediaKey: payload.media_key,
    thankYouText: payload.thank_you_text,
    title: optional(payload.title),
    secondCta: optional(payload.second_cta),
    secondCtaPost: optional(payload.second_cta_post),
    thirdCta: optional(payload.third_cta),
    thirdCtaPost: optional(payload.third_cta_post),
    fourthCta: optional(payload.fourth_cta),
    fourthCtaPost: optional(payload.fourth_cta_post),
    posterMediaKey: payload.poster_media_key,
    thankYouUrl: payload.thank_you_url,
    unlockedImageMediaKey: payload.unlocked_image_media_key,
    unlockedVideoMediaKey: payload.unlocked_video_media_key,
  }
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as typeof input & {
    mediaKey: string
  }
}

/** The request of each card kind and its reconciliation, from the same payload. */
interface CardRequests<P> {
  find(scope: ReconcileScope, payload: P): Promise<Card | undefined>
  create(ctx: AdsContext, accountId: string, payload: P): Promise<Card>
}

const CARD_REQUESTS: { [K in CardKind]: CardRequests<PayloadByKind[K]> } = {
  card: {
    find: findCard,
    create: (ctx, accountId, payload: CardPayload) =>
      createCard(
        ctx,
        accountId,
        payload.slides
          ? { name: payload.name, slides: payload.slides }
          : { name: payload.name, components: payload.components ?? [] },
      ),
  },
  poll_card: {
    find: findPollCard,
    create: (ctx, accountId, payload: PollCardPayload) =>
      createPollCard(ctx, accountId, {
        name: payload.name,
        durationInMinutes: payload.duration_in_minutes,
        firstChoice: payload.first_choice,
        secondChoice: payload.second_choice,
        ...(payload.third_choice !== undefined ? { thirdChoice: payload.third_choice } : {}),
        ...(payload.fourth_choice !== undefined ? { fourthChoice: payload.fourth_choice } : {}),
        ...(payload.media_key !== undefined ? { mediaKey: payload.media_key } : {}),
      }),
  },
  video_conversation_card: {
    find: findVideoConversationCard,
    create: (ctx, accountId, payload) =>
      createVideoConversationCard(ctx, accountId, videoConversationInput(payload)),
  },
}

/** The step's payload with the requests of its card kind. */
function requestsOf(env: JobEnv, step: CardStep) {
  const payload = payloadFor(publishJobOf(env), step.draftId, step.cardKind)
  const requests = CARD_REQUESTS[step.cardKind] as CardRequests<typeof payload>
  return {
    find: () => requests.find(scopeOf(env, step), payload),
    create: () => requests.create(env.ctx, env.accountId, payload),
  }
}

function cardResult(card: Card, adopted: boolean): Answer<CardStep> {
  return { cardId: card.id, cardUri: card.card_uri ?? `card://${card.id}`, ...(adopted ? { adopted } : {}) }
}

export const cardExecutor: StepExecutor<CardStep> = {
  op: PUBLISH_OPS.card,
  retry: 'reconcile',
  // The same card draft may be published by its own job and by a post's: create it once.
  settle(env, step) {
    const elsewhere = env.publishedCard(step.draftId)
    return elsewhere ? { result: { ...elsewhere, adopted: true } } : undefined
  },
  async reconcile(env, step) {
    const found = await requestsOf(env, step).find()
    return found ? cardResult(found, true) : undefined
  },
  run: async (env, step) => cardResult(await requestsOf(env, step).create(), false),
  createdIds: (step) => (step.result ? [step.result.cardId] : []),
}
