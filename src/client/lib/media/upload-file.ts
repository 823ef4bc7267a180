// POST /api/media with XMLHttpRequest, not fetch: only XHR reports upload progress in every browser,
// and the post form shows a progress bar per file. Headers, errors and the answer's check are the
// API client's own (lib/http.ts), so an upload fails exactly like any other call.
import { loadErrorWords } from '#client/i18n/error-words.ts'
import { language, msg } from '#client/i18n/messages.ts'
import { ApiError, apiHeaders, apiUrl, failedAnswer, parseAnswer, parseBodyText } from '#client/lib/http.ts'
import { type Media, MediaPaths, MediaSchema } from '#domain/api/media.ts'

export interface UploadOptions {
  /** called with the share of the body sent so far, 0 to 1 */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}

export function uploadFile(file: Blob, { onProgress, signal }: UploadOptions = {}): Promise<Media> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const xhr = new XMLHttpRequest()
    const sent = { auth: 'user' as const, ...apiHeaders('user') }
    xhr.open('POST', apiUrl(MediaPaths.upload))
    for (const [name, value] of Object.entries(sent.headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    }
    const abort = () => xhr.abort()
    signal?.addEventListener('abort', abort, { once: true })
    const settle = (outcome: () => Media) => {
      signal?.removeEventListener('abort', abort)
      try {
        resolve(outcome())
      } catch (error) {
        reject(error)
      }
    }
    // a refusal is worded from the app's error catalog, fetched the first time one is needed
    const wordsReady = () =>
      xhr.status >= 200 && xhr.status < 300 ? Promise.resolve() : loadErrorWords(language())
    xhr.onload = () =>
      void wordsReady().then(() =>
        settle(() => {
          const data = parseBodyText(xhr.responseText, xhr.getResponseHeader('content-type') ?? '')
          if (xhr.status < 200 || xhr.status >= 300) {
            throw failedAnswer({ status: xhr.status, statusText: xhr.statusText, data }, sent)
          }
          return parseAnswer(xhr.status, data, MediaSchema)
        }),
      )
    xhr.onerror = () =>
      settle(() => {
        throw new ApiError(0, msg.pwa.networkError)
      })
    xhr.onabort = () =>
      settle(() => {
        throw signal?.reason ?? new DOMException('Upload aborted', 'AbortError')
      })
    const form = new FormData()
    form.append('file', file)
    xhr.send(form)
  })
}
