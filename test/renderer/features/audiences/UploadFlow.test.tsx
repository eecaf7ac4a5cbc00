// The customer-list upload flow on its own: window.studio answers from plain data, and every
// request the page makes is recorded, so the tests can say what was (and was not) sent to main.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UploadFlow } from '../../../../src/renderer/features/audiences/UploadFlow'
import type { ListReport, UploadProgress } from '../../../../src/shared/ipc/contracts/audiences'

const PROFILE_ID = '0b7f6c1e-4a3b-4c55-9d5e-2f1a6b8c9d00'
const TARGET = { kind: 'custom_audience' as const, id: 'aud1', name: 'Newsletter' }

const opened = {
  picked: true,
  listId: 'list-1',
  fileName: 'customers.csv',
  sizeBytes: 40_960,
  hasHeader: true,
  columns: [
    { index: 0, name: 'customer', samples: ['C1••••', 'C2••••'] },
    { index: 1, name: 'email', samples: ['a•••@example.com', 'b•••@example.com'] },
    { index: 2, name: 'mobile', samples: ['44••••••••', '33••••••••'] },
  ],
  mapping: [{ column: 1, type: 'email' }],
  allowedTypes: ['email', 'phone_number', 'device_id', 'handle', 'partner_user_id'],
}

const report: ListReport = {
  listId: 'list-1',
  rowsRead: 1_204,
  accepted: 1_190,
  rejected: { invalid_email: 9, empty: 5 },
  skippedValues: {},
  duplicatesRemoved: 40,
  records: 1_150,
  chunks: 1,
  dedupeCapped: false,
}

type Answer =
  { ok: true; value: unknown } | { ok: false; error: { code: string; message: string; field?: string } }
const ok = (value: unknown): Answer => ({ ok: true, value })
const refused = (message: string, field?: string): Answer => ({
  ok: false,
  error: { code: 'invalid_input', message, ...(field ? { field } : {}) },
})

let calls: { channel: string; request: unknown }[]
let answers: Record<string, (request: unknown) => Answer>

function progress(overrides: Partial<UploadProgress> & { state?: string }): UploadProgress {
  const { state = 'active', ...rest } = overrides
  return {
    uploadId: 'up-1',
    job: { state } as UploadProgress['job'],
    rowsRead: 0,
    rowsHashed: 0,
    recordsAcked: 0,
    chunksAcked: 0,
    expectedRecords: 1_150,
    expectedChunks: 1,
    chunkErrors: [],
    ...rest,
  }
}

beforeEach(() => {
  calls = []
  answers = {
    openList: () => ok(opened),
    checkList: () => ok(report),
    sendList: () => ok({ uploadId: 'up-1', jobId: 'job-1' }),
    uploadProgress: () => ok(progress({})),
  }
  const channel = (name: string) =>
    vi.fn(async (request: unknown) => {
      calls.push({ channel: name, request })
      return answers[name]!(request)
    })
  Object.defineProperty(window, 'studio', {
    configurable: true,
    value: {
      audiences: Object.fromEntries(
        ['openList', 'checkList', 'sendList', 'uploadProgress'].map((name) => [name, channel(name)]),
      ),
    },
  })
  // Radix Select measures and scrolls; jsdom has neither.
  Element.prototype.scrollIntoView = vi.fn()
  Element.prototype.hasPointerCapture = vi.fn(() => false)
  Element.prototype.releasePointerCapture = vi.fn()
})
afterEach(() => {
  cleanup()
})

const sent = (channel: string) => calls.filter((call) => call.channel === channel).map((call) => call.request)

async function toMapping(): Promise<void> {
  render(<UploadFlow profileId={PROFILE_ID} target={TARGET} onFinished={() => {}} />)
  fireEvent.click(screen.getByRole('button', { name: /choose a list/i }))
  await screen.findByTestId('upload-mapping')
}

/** Opens a mapping Select with the keyboard and picks `option` with the keyboard. */
async function chooseByKeyboard(trigger: HTMLElement, option: string): Promise<void> {
  trigger.focus()
  fireEvent.keyDown(trigger, { key: 'Enter' })
  const item = await screen.findByRole('option', { name: option })
  item.focus()
  fireEvent.keyDown(item, { key: 'Enter' })
}

describe('import, preview and mapping', () => {
  it('previews the columns with masked samples and the suggested mapping, and sends nothing yet', async () => {
    await toMapping()
    expect(screen.getByText(/customers\.csv · 40 KB · first line is a header/)).toBeInTheDocument()
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'customer',
      'email',
      'mobile',
    ])
    expect(within(rows[1]!).getByText('a•••@example.com, b•••@example.com')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: /^What “email” holds/ })).toHaveTextContent('Email')
    expect(screen.getByRole('combobox', { name: /^What “customer” holds/ })).toHaveTextContent('Not sent')
    expect(sent('checkList')).toEqual([])
    expect(sent('sendList')).toEqual([])
  })

  it('checks the list with the mapping as chosen (one column per type) and shows the pre-send report', async () => {
    await toMapping()
    await chooseByKeyboard(screen.getByRole('combobox', { name: /^What “mobile” holds/ }), 'Phone number')
    // A phone column brings the country code field, which says what it is for.
    expect(screen.getByLabelText(/country calling code/i)).toHaveAccessibleDescription(
      /^Added to numbers written without “\+” or “00”/,
    )
    fireEvent.change(screen.getByLabelText(/country calling code/i), { target: { value: '+44 ' } })
    expect(screen.getByLabelText(/country calling code/i)).toHaveValue('44')
    await chooseByKeyboard(screen.getByRole('combobox', { name: /^What “customer” holds/ }), 'Email')
    // Email moved to "customer": the "email" column is no longer sent.
    expect(screen.getByRole('combobox', { name: /^What “email” holds/ })).toHaveTextContent('Not sent')
    fireEvent.click(screen.getByRole('button', { name: 'Check the list' }))
    const shown = await screen.findByTestId('upload-report')
    expect(sent('checkList')).toEqual([
      {
        listId: 'list-1',
        mapping: [
          { column: 0, type: 'email' },
          { column: 2, type: 'phone_number' },
        ],
        defaultCountryCode: '44',
      },
    ])
    const figure = (term: string) =>
      within(shown).getByText(term, { selector: 'dt' }).parentElement!.querySelector('dd')!.textContent
    expect(figure('Rows read')).toBe('1,204')
    expect(figure('Rejected')).toBe('14')
    expect(figure('Duplicates removed')).toBe('40')
    expect(figure('To send, hashed')).toBe('1,150')
    expect(within(shown).getByText('Not an email address: 9')).toBeInTheDocument()
    expect(within(shown).getByText('No value in the mapped columns: 5')).toBeInTheDocument()
    expect(sent('sendList')).toEqual([])
  })

  it('cannot check a list with no column mapped', async () => {
    answers.openList = () => ok({ ...opened, mapping: [] })
    await toMapping()
    expect(screen.getByRole('button', { name: 'Check the list' })).toBeDisabled()
  })

  it('sends only after the report is confirmed, with the confirmed count, the change and the end date', async () => {
    await toMapping()
    fireEvent.click(screen.getByRole('button', { name: 'Check the list' }))
    await screen.findByTestId('upload-report')
    const remove = screen.getByRole('radio', { name: 'Remove these people' })
    remove.focus()
    fireEvent.click(remove)
    fireEvent.change(screen.getByLabelText(/membership ends/i), { target: { value: '2030-01-02T03:04' } })
    expect(sent('sendList')).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Remove 1,150 hashed rows' }))
    await screen.findByTestId('upload-progress')
    expect(sent('sendList')).toEqual([
      {
        listId: 'list-1',
        operationType: 'Delete',
        confirmedRecords: 1_150,
        expiresAt: new Date('2030-01-02T03:04').toISOString(),
      },
    ])
  })

  it('offers nothing to send when no row can be sent', async () => {
    answers.checkList = () => ok({ ...report, records: 0, accepted: 0, rejected: { invalid_email: 1_204 } })
    await toMapping()
    fireEvent.click(screen.getByRole('button', { name: 'Check the list' }))
    await screen.findByTestId('upload-report')
    expect(screen.getByTestId('upload-send')).toBeDisabled()
  })

  it('says when the duplicate check stopped remembering (a very long list)', async () => {
    answers.checkList = () => ok({ ...report, dedupeCapped: true })
    await toMapping()
    fireEvent.click(screen.getByRole('button', { name: 'Check the list' }))
    await screen.findByTestId('upload-report')
    expect(screen.getByText(/duplicates were removed among the first few million/)).toBeInTheDocument()
  })
})

describe('errors where they belong', () => {
  it('puts a refused end date on the end-date field, announced with it, and clears it on edit', async () => {
    answers.sendList = () => refused('The end must be in the future', 'expiresAt')
    await toMapping()
    fireEvent.click(screen.getByRole('button', { name: 'Check the list' }))
    await screen.findByTestId('upload-report')
    const field = screen.getByLabelText(/membership ends/i)
    fireEvent.change(field, { target: { value: '2001-01-01T00:00' } })
    fireEvent.click(screen.getByTestId('upload-send'))
    const message = await screen.findByText('The end must be in the future')
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field.getAttribute('aria-describedby')).toContain(message.id)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByTestId('upload-report')).toBeInTheDocument()
    fireEvent.change(field, { target: { value: '2031-01-01T00:00' } })
    expect(screen.queryByText('The end must be in the future')).toBeNull()
    expect(field).not.toHaveAttribute('aria-invalid')
  })

  it('puts a refused country code on the country code field', async () => {
    answers.checkList = () =>
      refused('A country calling code is 1 to 3 digits, without “+”', 'defaultCountryCode')
    await toMapping()
    await chooseByKeyboard(screen.getByRole('combobox', { name: /^What “mobile” holds/ }), 'Phone number')
    const field = screen.getByLabelText(/country calling code/i)
    fireEvent.change(field, { target: { value: '0' } })
    fireEvent.click(screen.getByRole('button', { name: 'Check the list' }))
    const message = await screen.findByText(/1 to 3 digits/)
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field.getAttribute('aria-describedby')).toContain(message.id)
  })

  it('shows a refusal about the file itself on the step, and keeps the step', async () => {
    answers.checkList = () =>
      refused(
        'This file mixes line endings (Windows CRLF and Unix LF; first change at line 3). Nothing was sent.',
      )
    await toMapping()
    fireEvent.click(screen.getByRole('button', { name: 'Check the list' }))
    expect(await screen.findByText(/mixes line endings/)).toBeInTheDocument()
    expect(screen.getByTestId('upload-mapping')).toBeInTheDocument()
    expect(sent('sendList')).toEqual([])
  })

  it('stays on the first step when no file was chosen', async () => {
    answers.openList = () => ok({ picked: false })
    render(<UploadFlow profileId={PROFILE_ID} target={TARGET} onFinished={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: /choose a list/i }))
    await act(async () => {})
    expect(screen.getByTestId('upload-start')).toBeInTheDocument()
    expect(screen.queryByTestId('upload-mapping')).toBeNull()
  })
})

describe('progress', () => {
  async function toProgress(onFinished = () => {}, onSettled = () => {}): Promise<void> {
    render(
      <UploadFlow profileId={PROFILE_ID} target={TARGET} onSettled={onSettled} onFinished={onFinished} />,
    )
    fireEvent.click(screen.getByRole('button', { name: /choose a list/i }))
    fireEvent.click(await screen.findByRole('button', { name: 'Check the list' }))
    fireEvent.click(await screen.findByTestId('upload-send'))
    await screen.findByTestId('upload-progress')
  }

  it('shows rows read, hashed and acknowledged, the time left and each request that needed another try', async () => {
    answers.uploadProgress = () =>
      ok(
        progress({
          rowsRead: 1_204,
          rowsHashed: 1_190,
          recordsAcked: 575,
          remainingSeconds: 90,
          chunkErrors: [
            {
              chunk: 1,
              message: 'The platform processed 2 of 3 records; sending this request again',
              at: 'x',
            },
          ],
        }),
      )
    await toProgress()
    const bar = await screen.findByRole('progressbar', { name: 'Rows acknowledged' })
    await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '575'))
    expect(bar).toHaveAttribute('aria-valuemax', '1150')
    expect(screen.getByText('575 of 1,150')).toBeInTheDocument()
    expect(screen.getByText('1,204')).toBeInTheDocument()
    expect(screen.getByText('1,190')).toBeInTheDocument()
    expect(screen.getByText('2 min')).toBeInTheDocument()
    expect(
      within(screen.getByTestId('chunk-errors')).getByText(/Request 1: The platform processed 2 of 3/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Back to audiences' })).toBeNull()
  })

  it('says when it is done, tells the page it has settled and hands back with Done', async () => {
    answers.uploadProgress = () => ok(progress({ state: 'done', recordsAcked: 1_150, rowsRead: 1_204 }))
    const onFinished = vi.fn()
    const onSettled = vi.fn()
    await toProgress(onFinished, onSettled)
    expect(
      await screen.findByText(/1,150 hashed rows from customers\.csv were acknowledged/),
    ).toBeInTheDocument()
    expect(screen.getByTestId('upload-done')).toBeInTheDocument()
    expect(onSettled).toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    expect(onFinished).toHaveBeenCalledTimes(1)
  })

  it('shows why a failed upload stopped', async () => {
    answers.uploadProgress = () =>
      ok(
        progress({
          state: 'failed',
          job: {
            state: 'failed',
            error: {
              code: 'invalid_request',
              message: 'Request 3 was processed only in part 6 times in a row',
            },
          } as UploadProgress['job'],
        }),
      )
    await toProgress()
    expect(await screen.findByText(/processed only in part 6 times/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Back to audiences' })).toBeInTheDocument()
  })
})

describe('keyboard', () => {
  it('reaches every control of each step by Tab, each with a name', async () => {
    await toMapping()
    const tabbable = (root: HTMLElement) =>
      Array.from(root.querySelectorAll<HTMLElement>('button, input, select, [tabindex]')).filter(
        (element) => element.tabIndex >= 0 && !element.hasAttribute('disabled'),
      )
    const mapping = screen.getByTestId('upload-mapping')
    for (const column of ['customer', 'email', 'mobile'])
      expect(tabbable(mapping)).toContain(
        screen.getByRole('combobox', { name: new RegExp(`^What “${column}” holds`) }),
      )
    expect(tabbable(mapping)).toContain(screen.getByRole('button', { name: 'Check the list' }))
    fireEvent.click(screen.getByRole('button', { name: 'Check the list' }))
    const report = tabbable(await screen.findByTestId('upload-report'))
    // The change is one radio group: one Tab stop (the group, or its checked radio), arrows inside.
    expect(
      report.includes(screen.getByRole('radiogroup', { name: 'Change' })) ||
        report.includes(screen.getByRole('radio', { name: 'Add these people' })),
    ).toBe(true)
    expect(report).toContain(screen.getByLabelText(/membership ends/i))
    expect(report).toContain(screen.getByRole('button', { name: 'Back' }))
    expect(report).toContain(screen.getByRole('button', { name: 'Send 1,150 hashed rows' }))
  })

  it('changes a column’s type with the keyboard alone', async () => {
    await toMapping()
    await chooseByKeyboard(
      screen.getByRole('combobox', { name: /^What “customer” holds/ }),
      'Partner user id',
    )
    expect(screen.getByRole('combobox', { name: /^What “customer” holds/ })).toHaveTextContent(
      'Partner user id',
    )
  })
})
