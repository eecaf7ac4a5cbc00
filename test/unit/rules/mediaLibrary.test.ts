import { describe, expect, it } from 'vitest'
import { LIMITS, validate } from '../../../src/shared/rules'
import { errorKeys, text, warningKeys } from './helpers'

const VIDEO = { media: { v: { mediaType: 'VIDEO' as const } } }
const IMAGE = { media: { v: { mediaType: 'IMAGE' as const } } }

describe('media library entry', () => {
  it('media_key is required', () => {
    expect(errorKeys(validate('media_library', {}))).toEqual(['required@media_key'])
    expect(validate('media_library', { media_key: 'v' }, VIDEO)).toEqual([])
  })

  it.each([
    ['name', LIMITS.mediaLibrary.name.max],
    ['file_name', LIMITS.mediaLibrary.fileName.max],
    ['description', LIMITS.mediaLibrary.description.max],
    ['title', LIMITS.mediaLibrary.title.max],
  ])('%s: %i characters', (field, max) => {
    expect(errorKeys(validate('media_library', { media_key: 'v', [field]: text(max) }, VIDEO))).toEqual([])
    expect(errorKeys(validate('media_library', { media_key: 'v', [field]: text(max + 1) }, VIDEO))).toEqual([
      `too_long@${field}`,
    ])
  })

  it.each(['description', 'title', 'poster_media_key'])('%s is for videos only', (field) => {
    const payload = { media_key: 'v', [field]: 'x' }
    expect(errorKeys(validate('media_library', payload, VIDEO))).toEqual([])
    expect(errorKeys(validate('media_library', payload, IMAGE))).toEqual([`not_allowed@${field}`])
    expect(warningKeys(validate('media_library', payload))).toEqual([`unchecked@${field}`])
  })

  it('name and file_name apply to every type', () => {
    expect(validate('media_library', { media_key: 'v', name: 'n', file_name: 'f.png' }, IMAGE)).toEqual([])
  })

  it('a poster is an image (B:90 "default first frame"), as the sandbox checks', () => {
    const media = {
      v: { mediaType: 'VIDEO' as const },
      p: { mediaType: 'IMAGE' as const },
      g: { mediaType: 'GIF' as const },
    }
    expect(
      errorKeys(validate('media_library', { media_key: 'v', poster_media_key: 'p' }, { media })),
    ).toEqual([])
    expect(
      errorKeys(validate('media_library', { media_key: 'v', poster_media_key: 'g' }, { media })),
    ).toEqual(['media_type@poster_media_key'])
    expect(
      errorKeys(validate('media_library', { media_key: 'v', poster_media_key: 'v' }, { media })),
    ).toEqual(['media_type@poster_media_key'])
  })
})
