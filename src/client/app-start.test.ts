import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '#domain/constants.ts'

// The module keeps the held click between calls, as the page does: each test loads a fresh copy.
async function freshAppStart() {
  vi.resetModules()
  return import('./app-start.ts')
}

function drawPage(): HTMLAnchorElement {
  document.body.innerHTML =
    '<div id="root"><header><button type="button">Menu</button></header><main id="main"><ul><li><a href="/ca/YT/adult-buy-sell/1-lamp">Lamp</a></li></ul></main></div>'
  const link = document.querySelector('a')
  if (!link) throw new Error('no link')
  return link
}

describe('when the app starts', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    localStorage.setItem(STORAGE_KEYS.adultConfirmed, '1')
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.innerHTML = ''
    delete document.documentElement.dataset.app
  })

  it('starts at once on a page that arrived empty (a client-rendered screen)', async () => {
    document.body.innerHTML = '<div id="root"></div>'
    const load = vi.fn(async () => undefined)
    ;(await freshAppStart()).startAppWhenWanted(load)
    expect(load).toHaveBeenCalledOnce()
  })

  it('waits on a drawn page for a signed-out visitor, and starts at the first key', async () => {
    drawPage()
    const load = vi.fn(async () => undefined)
    ;(await freshAppStart()).startAppWhenWanted(load)
    await vi.advanceTimersByTimeAsync(100)
    expect(load).not.toHaveBeenCalled()
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }))
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }))
    expect(load).toHaveBeenCalledOnce()
  })

  it('asks for the route’s chunks all at once when it starts, not before', async () => {
    drawPage()
    document.head.innerHTML = '<meta name="app-modules" content="/assets/app.js /assets/route.js">'
    ;(await freshAppStart()).startAppWhenWanted(vi.fn(async () => undefined))
    const preloads = () =>
      [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))
    expect(preloads()).toEqual([])
    window.dispatchEvent(new Event('pointerdown'))
    expect(preloads()).toEqual(['/assets/app.js', '/assets/route.js'])
    document.head.innerHTML = ''
  })

  it('starts by itself a few seconds after the page has loaded', async () => {
    drawPage()
    const load = vi.fn(async () => undefined)
    const { startAppWhenWanted, IDLE_START_MS } = await freshAppStart()
    startAppWhenWanted(load)
    await vi.advanceTimersByTimeAsync(IDLE_START_MS - 100)
    expect(load).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(2_500)
    expect(load).toHaveBeenCalledOnce()
  })

  it('starts nothing on a page rendered ahead of a tap until it is shown, then waits as any page does', async () => {
    drawPage()
    localStorage.setItem(STORAGE_KEYS.authToken, 'token')
    // jsdom has no prerendering: the page says so as Chromium's does while it renders a page ahead
    let prerendering = true
    Object.defineProperty(document, 'prerendering', { configurable: true, get: () => prerendering })
    try {
      const load = vi.fn(async () => undefined)
      ;(await freshAppStart()).startAppWhenWanted(load)
      window.dispatchEvent(new Event('pointerdown'))
      await vi.advanceTimersByTimeAsync(10_000)
      expect(load).not.toHaveBeenCalled()
      prerendering = false
      document.dispatchEvent(new Event('prerenderingchange'))
      // signed in: the app's header is wanted after the first frame, as on a page loaded the usual way
      await vi.advanceTimersByTimeAsync(100)
      expect(load).toHaveBeenCalledOnce()
    } finally {
      Reflect.deleteProperty(document, 'prerendering')
    }
  })

  it('starts after the first frame for someone signed in: their header is the app’s', async () => {
    drawPage()
    localStorage.setItem(STORAGE_KEYS.authToken, 'token')
    const load = vi.fn(async () => undefined)
    ;(await freshAppStart()).startAppWhenWanted(load)
    await vi.advanceTimersByTimeAsync(100)
    expect(load).toHaveBeenCalledOnce()
  })

  it('leaves a click on a link to the browser before the app is there: it is a page of the server', async () => {
    const link = drawPage()
    const load = vi.fn(async () => undefined)
    const { startAppWhenWanted } = await freshAppStart()
    startAppWhenWanted(load)
    link.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    link.dispatchEvent(click)
    expect(click.defaultPrevented).toBe(false)
    // nor does the tap start the app: the next page is on its way
    expect(load).not.toHaveBeenCalled()
  })

  it('holds a click on a button made before the app is there, and gives it to the same button afterwards', async () => {
    drawPage()
    const button = document.querySelector('button')
    if (!button) throw new Error('no button')
    const load = vi.fn(async () => undefined)
    const { startAppWhenWanted, replayHeldClick } = await freshAppStart()
    startAppWhenWanted(load)
    const first = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    button.dispatchEvent(first)
    expect(first.defaultPrevented).toBe(true)
    expect(load).toHaveBeenCalledOnce()

    // the app draws the same markup again (as the home's first render does) and takes over
    drawPage()
    const again = document.querySelector('button')
    const replayed = vi.fn((event: MouseEvent) => event.preventDefault())
    again?.addEventListener('click', replayed)
    document.documentElement.dataset.app = 'ready'
    replayHeldClick()
    expect(replayed).toHaveBeenCalledOnce()
    // once ready, clicks are the app's alone
    again?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }))
    expect(replayed).toHaveBeenCalledTimes(2)
  })

  it('waits on a page carrying the server’s 18+ gate, and answering the gate does not start it', async () => {
    localStorage.clear()
    drawPage()
    document.body.insertAdjacentHTML(
      'afterbegin',
      '<div id="adult-gate" role="dialog"><form><button type="submit" autofocus>I am 18 or older</button></form></div>',
    )
    const load = vi.fn(async () => undefined)
    ;(await freshAppStart()).startAppWhenWanted(load)
    await vi.advanceTimersByTimeAsync(100)
    const confirm = document.querySelector('#adult-gate button')
    for (const type of ['focusin', 'pointerdown', 'keydown'])
      confirm?.dispatchEvent(new Event(type, { bubbles: true }))
    await vi.advanceTimersByTimeAsync(100)
    expect(load).not.toHaveBeenCalled()
    document.querySelector('main')?.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(load).toHaveBeenCalledOnce()
  })

  it('starts at once, to show its own gate, on a drawn page without the server’s gate for a visitor who has not confirmed', async () => {
    localStorage.clear()
    drawPage()
    const load = vi.fn(async () => undefined)
    ;(await freshAppStart()).startAppWhenWanted(load)
    await vi.advanceTimersByTimeAsync(100)
    expect(load).toHaveBeenCalledOnce()
  })

  it('counts the consent cookie as confirmed when the device’s storage has no key', async () => {
    localStorage.clear()
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie the server's gate writes
    document.cookie = 'adult_confirmed=1; path=/'
    drawPage()
    const load = vi.fn(async () => undefined)
    ;(await freshAppStart()).startAppWhenWanted(load)
    await vi.advanceTimersByTimeAsync(100)
    expect(load).not.toHaveBeenCalled()
    // biome-ignore lint/suspicious/noDocumentCookie: cleaning up
    document.cookie = 'adult_confirmed=; path=/; max-age=0'
  })

  it('holds the submit of a form that is the app’s alone, and sends it again once the app is there', async () => {
    document.body.innerHTML =
      '<div id="root"><link rel="preload" href="/x.svg"><main id="main"><form><input type="search"></form></main></div>'
    const { startAppWhenWanted, replayHeldClick } = await freshAppStart()
    const load = vi.fn(async () => undefined)
    startAppWhenWanted(load)
    const submit = new Event('submit', { bubbles: true, cancelable: true })
    document.querySelector('form')?.dispatchEvent(submit)
    expect(submit.defaultPrevented).toBe(true)
    expect(load).toHaveBeenCalledOnce()

    // the app's markup, with its hints moved to <head>
    document.body.innerHTML = '<div id="root"><main id="main"><form><input type="search"></form></main></div>'
    const form = document.querySelector('form')
    if (!form) throw new Error('no form')
    const sent = vi.fn((event: Event) => event.preventDefault())
    form.addEventListener('submit', sent)
    document.documentElement.dataset.app = 'ready'
    replayHeldClick()
    expect(sent).toHaveBeenCalledOnce()
  })

  it('holds the submit of an ad page’s Reveal form (the server’s without the app) and gives it to the app', async () => {
    const page =
      '<main id="main"><form data-ad-action="reveal" action="/ads/a1/reveal" method="post"><button type="submit">Reveal contact</button></form></main>'
    document.body.innerHTML = `<div id="root">${page}</div>`
    const { startAppWhenWanted, replayHeldClick } = await freshAppStart()
    const load = vi.fn(async () => undefined)
    startAppWhenWanted(load)
    const submit = new Event('submit', { bubbles: true, cancelable: true })
    document.querySelector('form')?.dispatchEvent(submit)
    // not posted to the server: with the app the answer's markup would not be the app's
    expect(submit.defaultPrevented).toBe(true)
    expect(load).toHaveBeenCalledOnce()

    document.body.innerHTML = `<div id="root">${page}</div>`
    const sent = vi.fn((event: Event) => event.preventDefault())
    document.querySelector('form')?.addEventListener('submit', sent)
    document.documentElement.dataset.app = 'ready'
    replayHeldClick()
    expect(sent).toHaveBeenCalledOnce()
  })

  it('holds a click on a link the app answers in place (Share), instead of reloading the page', async () => {
    document.body.innerHTML =
      '<div id="root"><main id="main"><a href="/ca/ON/adult-buy-sell/a1-lamp" data-app-held="">Share</a></main></div>'
    const { startAppWhenWanted } = await freshAppStart()
    const load = vi.fn(async () => undefined)
    startAppWhenWanted(load)
    const share = document.querySelector('a')
    share?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    share?.dispatchEvent(click)
    expect(click.defaultPrevented).toBe(true)
    expect(load).toHaveBeenCalledOnce()
  })

  it('gives what was typed on the home, and the focus, back to its field once the app has adopted the page', async () => {
    document.body.innerHTML =
      '<div id="root"><main id="main"><form><input id="kw" type="search"></form></main></div>'
    const { startAppWhenWanted, replayHeldClick } = await freshAppStart()
    startAppWhenWanted(vi.fn(async () => undefined))
    const field = document.querySelector('input')
    if (!field) throw new Error('no field')
    field.focus()
    field.value = 'corse'
    field.dispatchEvent(new Event('input', { bubbles: true }))

    // adopting the page, the app holds the field empty; the text is put back and the app told
    const seen = vi.fn()
    field.addEventListener('input', seen)
    field.value = ''
    field.blur()
    document.documentElement.dataset.app = 'ready'
    replayHeldClick()
    expect(field.value).toBe('corse')
    expect(document.activeElement).toBe(field)
    expect(seen).toHaveBeenCalledOnce()
  })

  it('leaves a click with a modifier (a new tab) to the browser', async () => {
    const link = drawPage()
    ;(await freshAppStart()).startAppWhenWanted(vi.fn(async () => undefined))
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true })
    link.dispatchEvent(click)
    expect(click.defaultPrevented).toBe(false)
  })
})
