import { useCallback, useRef, useState } from 'react'

/**
 * A screen's actions, one at a time: `busy` names the one running (its button shows a spinner),
 * and its failure, put in words by `describe`, is `problem` until the next action starts.
 */
export function useAction<Name extends string, Problem>(describe: (error: unknown) => Problem) {
  const [busy, setBusy] = useState<Name | null>(null)
  const [problem, setProblem] = useState<Problem | null>(null)
  const described = useRef(describe)
  described.current = describe
  const run = useCallback(async (name: Name, work: () => Promise<void>): Promise<void> => {
    setBusy(name)
    setProblem(null)
    try {
      await work()
    } catch (error) {
      setProblem(described.current(error))
    } finally {
      setBusy(null)
    }
  }, [])
  return { busy, problem, setProblem, run }
}
