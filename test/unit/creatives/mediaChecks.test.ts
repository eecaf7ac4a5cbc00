import { describe, expect, it } from 'vitest'
import type { MediaRef } from '../../../src/shared/creatives'
import { mediaChecks } from '../../../src/shared/creatives'
import { LIMITS } from '../../../src/shared/rules'
import { image, localImage, video } from './fixtures'

const codes = (issues: { code: string }[]) => issues.map((issue) => issue.code)
const gif: MediaRef = {
  source: 'local',
  path: '/a.gif',
  sha256: 'f'.repeat(64),
  mimeType: 'image/gif',
  bytes: 1000,
}

describe('mediaChecks per use', () => {
  it('poll media: image at least 800 px wide at 1.91:1', () => {
    expect(codes(mediaChecks('poll_media', image('a', 800, 419)))).toEqual([])
    expect(codes(mediaChecks('poll_media', image('a', 799, 418)))).toEqual(['too_small'])
    expect(codes(mediaChecks('poll_media', image('a', 1000, 1000)))).toEqual(['aspect_ratio'])
    expect(codes(mediaChecks('poll_media', video('v')))).toEqual([])
    expect(codes(mediaChecks('poll_media', gif))).toEqual(['media_type'])
  })

  it('conversation video: a 16:9 video', () => {
    expect(codes(mediaChecks('conversation_video', video('v')))).toEqual([])
    expect(codes(mediaChecks('conversation_video', { ...video('v'), aspectRatio: '1:1' }))).toEqual([
      'aspect_ratio',
    ])
    expect(codes(mediaChecks('conversation_video', image('i', 1920, 1080)))).toEqual(['media_type'])
  })

  it('carousel items match the first item', () => {
    expect(codes(mediaChecks('carousel_item', image('b', 1200, 628), [image('a', 800, 419)]))).toEqual([])
    expect(codes(mediaChecks('carousel_item', image('b', 1000, 1000), [image('a', 800, 419)]))).toEqual([
      'aspect_ratio',
    ])
    expect(codes(mediaChecks('carousel_item', gif))).toEqual(['media_type'])
  })

  it('local file size, at and over the image limit', () => {
    const max = LIMITS.localMedia.imageMaxBytes.value
    expect(codes(mediaChecks('library', localImage('a', max)))).toEqual([])
    expect(codes(mediaChecks('card_media', localImage('a', max + 1)))).toEqual(['file_too_large'])
  })

  it('post media: up to 4 images, or 1 GIF, or 1 video, as media are added', () => {
    const images = (n: number) => Array.from({ length: n }, (_, i) => image(`i${i}`))
    expect(codes(mediaChecks('post_media', image('x'), images(LIMITS.post.maxImages.value - 1)))).toEqual([])
    expect(codes(mediaChecks('post_media', image('x'), images(LIMITS.post.maxImages.value)))).toEqual([
      'too_many',
    ])
    expect(codes(mediaChecks('post_media', video('v'), []))).toEqual([])
    expect(codes(mediaChecks('post_media', video('v'), images(1)))).toEqual(['exclusive'])
    expect(codes(mediaChecks('post_media', image('x'), [gif]))).toEqual(['exclusive'])
    expect(codes(mediaChecks('post_media', gif, [video('v')]))).toEqual(['exclusive'])
  })

  it('poster and unlock media types', () => {
    expect(codes(mediaChecks('conversation_poster', image('p')))).toEqual([])
    expect(codes(mediaChecks('conversation_poster', video('v')))).toEqual(['media_type'])
    expect(codes(mediaChecks('unlock_image', gif))).toEqual(['media_type'])
    expect(codes(mediaChecks('unlock_video', video('v')))).toEqual([])
  })
})
