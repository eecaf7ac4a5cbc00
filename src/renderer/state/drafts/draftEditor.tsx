import { createContext, useContext, useEffect, useLayoutEffect, useState, type ReactNode } from 'react'
import { createStore, useStore, type StoreApi } from 'zustand'
import type { ContentIssue } from '../../../shared/creatives/check'
import type { ContentByKind } from '../../../shared/creatives/content'
import { emptyContent } from '../../../shared/creatives/content'
import type { Draft, DraftKind } from '../../../shared/drafts/envelope'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'
import { latestAfterPaint } from '../../lib/latestAfterPaint'

/** Typing in one field within this window is one undo step, as in any text editor. */
const COALESCE_MS = 800
const HISTORY_LIMIT = 200

export type SaveState = { state: 'saved' } | { state: 'saving' } | { state: 'error'; message: string }

// One object per state: a key typed while a save is in flight leaves the status as it is,
// instead of re-rendering it with an equal new value.
const SAVING: SaveState = { state: 'saving' }
const SAVED: SaveState = { state: 'saved' }

export interface DraftEditorState<K extends DraftKind> {
  draft: Omit<Draft, 'content'>
  content: ContentByKind[K]
  past: ContentByKind[K][]
  future: ContentByKind[K][]
  save: SaveState
  /**
   * The last change was typing (a change with a coalesceKey): what follows the content (rules,
   * preview) may wait for the key's frame to be painted.
   */
  typing: boolean
  /**
   * What the platform refused when this draft was last published (an API error mapped back to
   * a draft field). Shown with the local rules until the designer changes something.
   */
  serverIssues: ContentIssue[]
  reportServerIssue(issue: { message: string; contentPath?: (string | number)[] | undefined }): void
  /**
   * Applies a change, records it for undo and autosaves it (main writes within 300 ms). A change
   * with a coalesceKey (typing) is sent after the key's frame is painted; flush() sends it sooner.
   */
  change(update: (content: ContentByKind[K]) => ContentByKind[K], coalesceKey?: string): void
  rename(name: string): void
  /**
   * Sends any change not sent yet and resolves once main has answered every save; rejects with
   * the save's error. Anything that reads the draft from main (publish, review, reload) or ends
   * the editor (navigation, closing the window) calls it first.
   */
  flush(): Promise<void>
  undo(): void
  redo(): void
  /**
   * Field keys (pathKey of a content path) the designer has left. A draft opened new
   * shows errors only there until every issue is revealed (Publish, review, "Show problems").
   */
  touched: ReadonlySet<string>
  /** The draft was opened blank (as created): nothing typed yet. */
  openedNew: boolean
  /** The content as the draft was opened: a field whose value differs from it was edited. */
  openedContent: ContentByKind[K]
  revealAll: boolean
  touch(key: string): void
  reveal(): void
}

export type DraftEditorStore<K extends DraftKind> = StoreApi<DraftEditorState<K>>

export function createDraftEditorStore<K extends DraftKind>(draft: Draft & { kind: K }): DraftEditorStore<K> {
  const { content, ...meta } = draft
  let lastCoalesce: { key: string; at: number } | null = null
  let inFlight = 0

  return createStore<DraftEditorState<K>>((set, get) => {
    // What is typed but not sent yet: the latest content and name (each patch carries the whole
    // value, so the newest replaces the one before it).
    let pending: { content?: ContentByKind[K]; name?: string } | null = null
    let failure: unknown = null
    let idle: (() => void)[] = []

    const answered = () => {
      inFlight -= 1
      if (inFlight > 0) return
      const waiting = idle
      idle = []
      for (const resolve of waiting) resolve()
    }
    const send = () => {
      afterPaint.cancel()
      const patch = pending
      pending = null
      if (!patch) return
      inFlight += 1
      unwrap(studio().drafts.update({ id: meta.id, ...patch }))
        .then(({ updatedAt }) => {
          answered()
          set((state) => ({
            draft: { ...state.draft, updatedAt },
            save: inFlight === 0 && pending === null && state.save.state !== 'error' ? SAVED : state.save,
          }))
        })
        .catch((error: unknown) => {
          failure = error
          answered()
          set({
            save: {
              state: 'error',
              message:
                error instanceof IpcFailure
                  ? error.message
                  : 'This change could not be saved. Keep the window open and try again.',
            },
          })
        })
    }
    // Rule P2 (bench/PERFORMANCE.md): typing is sent once the key's frame is painted, and keys
    // typed within one frame make one save; the key's own task never serialises the draft for IPC.
    const afterPaint = latestAfterPaint<void>(send)
    /**
     * Records a change for main. `later` (typing) waits for the frame; anything else is sent at
     * once, with whatever typing is pending. `save` turns "saving" in the same update as the
     * content, so `data-save-state` is true from the key on (tests and tools wait on it).
     */
    const persist = (patch: { content?: ContentByKind[K]; name?: string }, later: boolean) => {
      pending = { ...pending, ...patch }
      if (later) afterPaint.push()
      else send()
    }
    const apply = (
      next: ContentByKind[K],
      past: ContentByKind[K][],
      future: ContentByKind[K][],
      later: boolean,
    ) => {
      // serverIssues keeps its identity when already empty: a new [] per key re-rendered every
      // component that selects it. One update for the content and the save state: each update
      // runs every subscriber's selector.
      set((state) => ({
        content: next,
        past: past.length > HISTORY_LIMIT ? past.slice(-HISTORY_LIMIT) : past,
        future,
        serverIssues: state.serverIssues.length === 0 ? state.serverIssues : [],
        save: SAVING,
        typing: later,
      }))
      persist({ content: next }, later)
    }

    return {
      draft: meta,
      content: content as ContentByKind[K],
      past: [],
      future: [],
      save: SAVED,
      typing: false,
      serverIssues: [],
      flush() {
        send()
        // Rejects while the status shows the error: what main has is not what the designer sees.
        const settled = () => {
          const { save } = get()
          if (save.state === 'error') throw failure ?? new Error(save.message)
        }
        if (inFlight === 0) return Promise.resolve().then(settled)
        return new Promise<void>((resolve) => idle.push(resolve)).then(settled)
      },
      touched: new Set<string>(),
      openedNew: isBlank(meta.kind, content),
      openedContent: content as ContentByKind[K],
      revealAll: false,
      touch(key) {
        const { touched } = get()
        if (touched.has(key)) return
        set({ touched: new Set([...touched, key]) })
      },
      reveal() {
        set({ revealAll: true })
      },
      reportServerIssue({ message, contentPath = [] }) {
        const issue: ContentIssue = {
          path: contentPath,
          contentPath,
          code: 'invalid_value',
          message,
          severity: 'error',
        }
        set({ serverIssues: [issue] })
      },
      change(update, coalesceKey) {
        const { content: current, past } = get()
        const next = update(current)
        if (next === current) return
        const now = Date.now()
        const coalesce =
          coalesceKey !== undefined &&
          lastCoalesce?.key === coalesceKey &&
          now - lastCoalesce.at < COALESCE_MS
        lastCoalesce = coalesceKey !== undefined ? { key: coalesceKey, at: now } : null
        apply(next, coalesce ? past : [...past, current], [], coalesceKey !== undefined)
      },
      rename(name) {
        // The list's name follows the typed card or post name: it is sent with that typing.
        set((state) => ({ draft: { ...state.draft, name }, save: SAVING }))
        persist({ name }, true)
      },
      undo() {
        const { past, future, content: current } = get()
        const previous = past.at(-1)
        if (previous === undefined) return
        lastCoalesce = null
        apply(previous, past.slice(0, -1), [current, ...future], false)
      },
      redo() {
        const { past, future, content: current } = get()
        const next = future[0]
        if (next === undefined) return
        lastCoalesce = null
        apply(next, [...past, current], future.slice(1), false)
      },
    }
  })
}

/** Content as a new draft has it: the kind's empty content, client ids aside. */
function isBlank(kind: DraftKind, content: unknown): boolean {
  const withoutIds = (value: unknown) =>
    JSON.stringify(value, (key, item: unknown) => (key === 'id' ? undefined : item))
  return withoutIds(content) === withoutIds(emptyContent(kind))
}

const EditorContext = createContext<DraftEditorStore<DraftKind> | null>(null)

/** One zustand store per open draft (the React Flow pattern): editors never share state by accident. */
export function useDraftEditor<K extends DraftKind, T>(selector: (state: DraftEditorState<K>) => T): T {
  const store = useContext(EditorContext) as DraftEditorStore<K> | null
  if (!store) throw new Error('useDraftEditor must be used inside <DraftEditorProvider>')
  return useStore(store, selector)
}

export function useDraftEditorStore<K extends DraftKind>(): DraftEditorStore<K> {
  const store = useContext(EditorContext) as DraftEditorStore<K> | null
  if (!store) throw new Error('useDraftEditorStore must be used inside <DraftEditorProvider>')
  return store
}

/** The open editor's store, or null outside an editor (a publish button shown on its own). */
export function useOptionalDraftEditorStore<K extends DraftKind>(): DraftEditorStore<K> | null {
  return useContext(EditorContext) as DraftEditorStore<K> | null
}

/**
 * Shows the draft as main has it now: after a publish or a published edit, main wrote the new
 * status and values, and the editor turns read-only (or shows the update) without a reopen.
 */
export async function reloadDraftFromMain<K extends DraftKind>(store: DraftEditorStore<K>): Promise<void> {
  const id = store.getState().draft.id
  // Typing not sent yet would otherwise be replaced by main's older copy.
  await store.getState().flush()
  const draft = await unwrap(studio().drafts.get({ id }))
  if (store.getState().draft.id !== id) return
  const { content, ...meta } = draft
  // Main answered for this draft id, so the content is of this editor's kind.
  const next = content as ContentByKind[K]
  store.setState({ draft: meta, content: next, openedContent: next, past: [], future: [], typing: false })
}

/**
 * Sends typing still waiting for its frame whenever the editor may stop being the place it
 * lands: focus leaves a field, the window loses focus or is hidden (no frame comes), the page
 * is closed or reloaded, and the editor unmounts (navigation, another draft opened).
 */
function useFlushOnLeave(store: DraftEditorStore<DraftKind> | null) {
  // A layout effect: its cleanup runs in the commit that removes the editor, before the next
  // page's effects can ask main for the draft.
  useLayoutEffect(() => {
    if (!store) return
    const flush = () =>
      void store
        .getState()
        .flush()
        .catch(() => undefined)
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    document.addEventListener('focusout', flush, true)
    document.addEventListener('visibilitychange', onHidden)
    window.addEventListener('blur', flush)
    window.addEventListener('pagehide', flush)
    window.addEventListener('beforeunload', flush)
    return () => {
      document.removeEventListener('focusout', flush, true)
      document.removeEventListener('visibilitychange', onHidden)
      window.removeEventListener('blur', flush)
      window.removeEventListener('pagehide', flush)
      window.removeEventListener('beforeunload', flush)
      flush()
    }
  }, [store])
}

/** Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z (or Ctrl+Y) redoes, anywhere in the editor. */
function useUndoShortcuts(store: DraftEditorStore<DraftKind> | null) {
  useEffect(() => {
    if (!store) return
    const onKeyDown = (event: KeyboardEvent) => {
      const mod = event.metaKey || event.ctrlKey
      if (!mod || event.altKey) return
      const key = event.key.toLowerCase()
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault()
        store.getState().undo()
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault()
        store.getState().redo()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [store])
}

export function DraftEditorProvider({
  draftId,
  kind,
  children,
  fallback,
}: {
  draftId: string
  kind: DraftKind
  children: ReactNode
  fallback: (state: { loading: true } | { loading: false; error: string }) => ReactNode
}) {
  const [loaded, setLoaded] = useState<
    { id: string; store: DraftEditorStore<DraftKind> } | { id: string; error: string } | null
  >(null)

  useEffect(() => {
    let current = true
    unwrap(studio().drafts.get({ id: draftId }))
      .then((draft) => {
        if (!current) return
        if (draft.kind !== kind)
          setLoaded({ id: draftId, error: 'This draft is a different kind of creative.' })
        else setLoaded({ id: draftId, store: createDraftEditorStore(draft as Draft & { kind: DraftKind }) })
      })
      .catch((error: unknown) => {
        if (current)
          setLoaded({
            id: draftId,
            error: error instanceof IpcFailure ? error.message : 'The draft could not be opened.',
          })
      })
    return () => {
      current = false
    }
  }, [draftId, kind])

  const store = loaded && loaded.id === draftId && 'store' in loaded ? loaded.store : null
  useUndoShortcuts(store)
  useFlushOnLeave(store)

  if (!loaded || loaded.id !== draftId) return <>{fallback({ loading: true })}</>
  if ('error' in loaded) return <>{fallback({ loading: false, error: loaded.error })}</>
  return <EditorContext.Provider value={loaded.store}>{children}</EditorContext.Provider>
}

/**
 * A version main restored (history.restore) becomes the editor's content as one undo step:
 * Undo (Ctrl+Z) puts back what was there, and saves it, like any other edit. Main already has
 * the restored draft, so nothing is sent.
 */
export function adoptRestoredDraft<K extends DraftKind>(store: DraftEditorStore<K>, draft: Draft): void {
  const state = store.getState()
  if (state.draft.id !== draft.id) return
  const { content, ...meta } = draft
  store.setState({
    draft: meta,
    content: content as ContentByKind[K],
    past: [...state.past, state.content],
    future: [],
    typing: false,
  })
}
