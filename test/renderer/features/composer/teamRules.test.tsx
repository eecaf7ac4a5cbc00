// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PostComposer } from '../../../../src/renderer/features/composer/PostComposer'
import { useTeamRules } from '../../../../src/renderer/state/accounts/teamRules'
import { fakeStudio, makeDraft, renderEditor } from '../../kits/editor/editorHarness'
import { parseTeamRulePack } from '../../../../src/shared/rules/teamPacks/parse'
import type { TeamRule } from '../../../../src/shared/rules/teamPacks/types'

vi.mock('../../../../src/renderer/kits/editor/MediaSlot', () => import('../../kits/editor/mediaSlotStub'))

afterEach(() => {
  cleanup()
  useTeamRules.getState().setPacks(undefined)
})

function stored(name: string, rules: TeamRule[]) {
  const reading = parseTeamRulePack(
    JSON.stringify({ format: 'ads-studio-rule-pack', version: 1, name, rules }),
  )
  if (!reading.ok) throw new Error(reading.message)
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    fileName: `${name}.json`,
    importedAt: '2026-01-01T00:00:00.000Z',
    pack: reading.pack,
  }
}

describe('team rules in an editor', () => {
  it('shows the account’s pack issues live, labelled with the pack, and follows a pack removed', async () => {
    const draft = makeDraft('post', { text: 'Spring sale' })
    fakeStudio([draft])
    useTeamRules.getState().setPacks([
      stored('House style', [
        { type: 'banned_words', words: ['crédit'], severity: 'warning' },
        { type: 'required_text', text: '#ad' },
      ]),
    ])
    await renderEditor(draft, <PostComposer />)
    fireEvent.change(screen.getByTestId('post-text'), { target: { value: 'Spring CREDIT offer' } })
    await waitFor(() =>
      expect(screen.getByTestId('field-message').textContent).toBe(
        'Team rule · House style: Post text must include “#ad”',
      ),
    )
    fireEvent.change(screen.getByTestId('post-text'), { target: { value: 'Spring CREDIT offer #ad' } })
    await waitFor(() =>
      expect(screen.getByTestId('field-message').textContent).toBe(
        'Team rule · House style: Post text uses “crédit”, which the team does not use',
      ),
    )
    expect(screen.getByTestId('field-message').getAttribute('data-severity')).toBe('warning')

    act(() => useTeamRules.getState().setPacks([]))
    await waitFor(() => expect(screen.queryByText(/Team rule ·/)).toBeNull())
  })
})
