/**
 * A page whose markup is already in the HTML paints without the app's JavaScript: let the HTML, the
 * stylesheet and the first photos have the bandwidth first. The scripts still start at once and in
 * parallel, only behind them (on a phone's connection, 200 kB of modules otherwise delay the first
 * paint by seconds).
 */
export function lowPriorityScripts(html: string): string {
  return html
    .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll(
      '<link rel="modulepreload" crossorigin',
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    )
}
