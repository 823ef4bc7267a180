// The one place that says how we start Chromium: Debian's build (never a downloaded one) with the
// flags this machine needs — without the background-networking ones, its closed network refuses
// Chromium's own connections many at a time. Used by Playwright, the bench and the icon script.
export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
