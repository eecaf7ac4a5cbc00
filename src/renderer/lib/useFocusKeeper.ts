import { useEffect, type RefObject } from 'react'

const CONTROLS =
  'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), a[href], [tabindex="0"]'

function firstControl(element: Element | null): HTMLElement | null {
  if (!element || !element.isConnected) return null
  if (element.matches(CONTROLS)) return element as HTMLElement
  return element.querySelector<HTMLElement>(CONTROLS)
}

interface Place {
  element: Element
  next: Element | null
  previous: Element | null
}

/**
 * Keeps keyboard focus inside an editor when the control that had it goes away: deleting an
 * item, undoing its creation, a picked file replacing the "Choose file" button, a dialog
 * returning focus to a trigger that is gone. Focus moves to the logical next control (the item
 * that took the removed one's place, else the one before it, else the nearest control around
 * it), never to the page body. A new editor that opens with focus on the body focuses its first
 * field.
 */
export function useFocusKeeper(rootRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = rootRef.current
    if (!root) return
    let places: Place[] = []

    const remember = (event: FocusEvent) => {
      places = []
      for (
        let element = event.target as Element | null;
        element && element !== root;
        element = element.parentElement
      ) {
        places.push({ element, next: element.nextElementSibling, previous: element.previousElementSibling })
      }
    }

    const rescue = () => {
      const active = document.activeElement
      if (active && active !== document.body) return
      // Still there and still focusable: focus left on purpose (a click on the page), leave it.
      if (places.length === 0 || firstControl(places[0]!.element) === places[0]!.element) return
      for (const place of places) {
        if (place.element.isConnected) {
          const control = firstControl(place.element)
          if (control) return control.focus()
          continue
        }
        const control = firstControl(place.next) ?? firstControl(place.previous)
        if (control) return control.focus()
      }
      firstControl(root)?.focus()
    }

    // Removing a focused element fires no blur in Chromium, so watch the tree instead. Only a
    // change that left focus on the body is rescued, in the frame (React may put a replacement in
    // place before it). A key that changes the tree but keeps focus asks for no frame of its own
    // (rule P3, bench/PERFORMANCE.md): each one kept the compositor on the display's clock for two
    // more ticks, and the next key, 80 ms on, could find it still listening and lose up to a frame.
    const observer = new MutationObserver(() => {
      if (document.activeElement === null || document.activeElement === document.body)
        requestAnimationFrame(rescue)
    })
    observer.observe(root, { childList: true, subtree: true })
    root.addEventListener('focusin', remember)

    if (document.activeElement === document.body || document.activeElement === null) {
      root.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled])')?.focus()
    }
    return () => {
      observer.disconnect()
      root.removeEventListener('focusin', remember)
    }
  }, [rootRef])
}
