import { describe, expect, it } from 'vitest'
import {
  contentWith,
  fieldLabel,
  fieldsOf,
  layoutOf,
  updateBody,
} from '../../../src/main/published/changeFields'
import type { CardContent } from '../../../src/shared/creatives/card'
import { emptyVideoConversationCardContent } from '../../../src/shared/creatives/videoConversationCard'

const platformCard = {
  id: 'c1',
  name: 'Spring',
  updated_at: '2026-01-01T00:00:00Z',
  components: [
    { type: 'MEDIA', media_key: '3_1' },
    { type: 'DETAILS', title: 'Hello', destination: { type: 'WEBSITE', url: 'https://a.example' } },
  ],
}

describe('the fields of a published card', () => {
  it('are its name and every text leaf of its components, by wire path', () => {
    expect(fieldsOf('card', platformCard)).toEqual({
      name: 'Spring',
      'components.0.media_key': '3_1',
      'components.1.title': 'Hello',
      'components.1.destination.url': 'https://a.example',
    })
    expect(fieldLabel('card', 'components.1.title')).toBe('Title (component 2)')
    expect(fieldLabel('card', 'slides.0.1.destination.url')).toBe('Website URL (slide 1)')
  })

  it('of a video conversation card are its text fields, unset ones null', () => {
    const fields = fieldsOf('video_conversation_card', { name: 'V', title: null, first_cta: '#Go' })
    expect(fields.name).toBe('V')
    expect(fields.title).toBeNull()
    expect(fields.first_cta).toBe('#Go')
    expect(fields.thank_you_url).toBeNull()
  })

  it('have a layout: the component types in order', () => {
    expect(layoutOf('card', platformCard)).toBe('components:MEDIA,DETAILS')
    expect(layoutOf('card', { components: [{ type: 'DETAILS' }] })).not.toBe(layoutOf('card', platformCard))
  })
})

describe('the body of a card update', () => {
  it('carries only the changed fields, a component change inside the platform’s current components', () => {
    const current = structuredClone(platformCard)
    current.components[0] = { type: 'MEDIA', media_key: '3_9' } // changed elsewhere: kept
    expect(updateBody('card', current, { 'components.1.title': 'Hi' })).toEqual({
      components: [
        { type: 'MEDIA', media_key: '3_9' },
        { type: 'DETAILS', title: 'Hi', destination: { type: 'WEBSITE', url: 'https://a.example' } },
      ],
    })
    expect(updateBody('card', current, { name: 'Summer' })).toEqual({ name: 'Summer' })
    // The platform's copy itself is not changed by building the body.
    expect(current.components[1]).toMatchObject({ title: 'Hello' })
  })

  it('of a video conversation card sends a cleared field empty', () => {
    expect(updateBody('video_conversation_card', {}, { title: null, name: 'N' })).toEqual({
      title: '',
      name: 'N',
    })
  })
})

describe('the draft after an update', () => {
  it('takes the platform’s values of the text fields', () => {
    const content: CardContent = {
      name: 'Spring',
      mode: 'single',
      components: [
        { id: 'm', type: 'MEDIA', media: null },
        {
          id: 'd',
          type: 'DETAILS',
          title: 'Hello',
          destination: { type: 'WEBSITE', url: 'https://a.example' },
        },
      ],
      slides: [],
    }
    const next = contentWith('card', content, {
      name: 'Summer',
      'components.1.title': 'Hi',
      'components.0.media_key': 'x',
    })
    expect(next.name).toBe('Summer')
    expect(next.components[1]).toMatchObject({ title: 'Hi' })
    expect(next.components[0]).toEqual(content.components[0])
  })

  it('of a video conversation card maps wire names onto the draft, hashtags without #', () => {
    const next = contentWith('video_conversation_card', emptyVideoConversationCardContent(), {
      thank_you_text: 'Thanks',
      first_cta: '#Go',
    })
    expect(next.thankYouText).toBe('Thanks')
    expect(next.options[0]?.hashtag).toBe('Go')
  })
})
