// The site's mark (public/favicon.svg) drawn inline: an <img> of an SVG costs the browser a whole SVG
// document of its own before the page's first paint, about 20 ms of a phone's main thread on every
// page (docs/decisions/035-start-size.md, "The first tap").
export function MapleMark({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false" className={className}>
      <rect width="100" height="100" rx="22" fill="#18181b" />
      <path
        fill="#e11d48"
        d="M50 8l7 14 8-4-3 22 12-12 3 7 13-3-5 15 7 3-20 16 3 8-21-3 1 22H45l1-22-21 3 3-8L8 50l7-3-5-15 13 3 3-7 12 12-3-22 8 4z"
      />
    </svg>
  )
}
