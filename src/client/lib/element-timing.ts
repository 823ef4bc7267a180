// Element Timing (the `elementtiming` attribute): when the browser presented an element lands in its
// page's performance timeline. The ad's title is named so the bench's first tap
// (scripts/bench/first-tap.ts) can read when an ad was on screen, whichever way it came: the app's
// dialog, a page loaded on the tap, or a page the browser had rendered ahead of it
// (src/domain/speculation-rules.ts), where the entry is the frame that showed it, not its render.

/** The `elementtiming` name of an ad's title, on its page and in its dialog. */
export const AD_TITLE_TIMING = 'ad-title'

declare module 'react' {
  // React writes the attribute as given; only its type is missing
  interface HTMLAttributes<T> {
    elementtiming?: string
  }
}
