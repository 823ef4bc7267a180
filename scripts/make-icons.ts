// Renders the logo (public/favicon.svg) to the PNG icons the manifest and iOS need, in a real
// Chromium so the PNGs match what browsers draw from the SVG. The PNGs are committed; run this again
// only when the logo changes: node --import tsx scripts/make-icons.ts
import { readFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { CHROME_PATH, CHROMIUM_ARGS } from '../tests/support/chromium.ts'

const logo = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8')
// The maskable icon is cropped to a circle of 80% by launchers: full-bleed background, logo in the
// safe zone, no rounded corners of its own.
const leaf = logo.replace(/<rect[^>]*\/>/, '')
const maskable = leaf.replace(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-25 -25 150 150"><rect x="-25" y="-25" width="150" height="150" fill="#18181b"/>',
)
// Apple draws its own rounded mask and shows transparency as black: square, full-bleed background.
const apple = leaf.replace(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-10 -10 120 120"><rect x="-10" y="-10" width="120" height="120" fill="#18181b"/>',
)

const targets: { file: string; size: number; svg: string }[] = [
  { file: 'public/icons/icon-192.png', size: 192, svg: logo },
  { file: 'public/icons/icon-512.png', size: 512, svg: logo },
  { file: 'public/icons/icon-maskable-512.png', size: 512, svg: maskable },
  { file: 'public/apple-touch-icon.png', size: 180, svg: apple },
]

const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: CHROMIUM_ARGS,
})
try {
  for (const { file, size, svg } of targets) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `)
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`)
    await page.screenshot({ path: new URL(`../${file}`, import.meta.url).pathname, omitBackground: true })
    await page.close()
    console.log(`wrote ${file}`)
  }
} finally {
  await browser.close()
}
