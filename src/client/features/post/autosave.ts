// The post form's draft autosave: every change is written to IndexedDB (mirrored to
// the draft localStorage key) shortly after typing stops, and once more when the page is left, so a
// reload, a closed tab or going offline loses nothing.
import { useEffect, useRef } from 'react'
import { clearDraft, saveDraft } from '#client/db/drafts-repository.ts'
import { type AdFormValues, emptyFormValues } from '#domain/ad-form-rules.ts'

export const AUTOSAVE_DELAY_MS = 400

const EMPTY = JSON.stringify(emptyFormValues())

/** An untouched (or emptied) form is no draft: nothing is kept under the draft key. */
export function persistDraft(values: AdFormValues): Promise<void> {
  return JSON.stringify(values) === EMPTY ? clearDraft() : saveDraft(values)
}

export function useAutosave(values: AdFormValues | null): void {
  const latest = useRef(values)
  const dirty = useRef(false)
  useEffect(() => {
    if (values === null) return
    latest.current = values
    dirty.current = true
    const timer = setTimeout(() => {
      dirty.current = false
      void persistDraft(values)
    }, AUTOSAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [values])
  useEffect(() => {
    const flush = () => {
      if (dirty.current && latest.current) {
        dirty.current = false
        void persistDraft(latest.current)
      }
    }
    window.addEventListener('pagehide', flush)
    return () => {
      window.removeEventListener('pagehide', flush)
      flush()
    }
  }, [])
}
