// The server's 18+ gate's own script, inlined right after the gate in every page sent to a visitor
// without the consent cookie (src/server/services/pages/adult-gate.ts; built, minified, by
// scripts/vite/adult-gate.ts). The gate works without it: its form POSTs and comes back with the
// cookie set. With it, a few hundred bytes and no wait for the app:
// - a device that said yes before the cookie existed (the localStorage key) passes at once;
// - "I am 18 or older" passes without a reload, keeping the cookie and the localStorage key in step.
// The app itself is not started by any of this (src/client/app-start.ts ignores the gate's events).
import { AD_PAGE_SPECULATION_RULES_TEXT } from '#domain/speculation-rules.ts'
import { adultConfirmed, rememberAdultConfirmed, SERVER_GATE_ID } from './lib/adult-consent.ts'

const gate = document.getElementById(SERVER_GATE_ID)

function release(): void {
  // the gate keeps the page inert (no focus, no clicks, hidden from screen readers) until it goes
  document.getElementById('root')?.removeAttribute('inert')
}

/** The first cards' pages rendered and fetched ahead of a tap, now that the consent cookie is set (src/domain/speculation-rules.ts). */
function readyFirstCards(): void {
  const rules = document.createElement('script')
  rules.type = 'speculationrules'
  rules.textContent = AD_PAGE_SPECULATION_RULES_TEXT
  document.head.append(rules)
}

function pass(): void {
  rememberAdultConfirmed()
  gate?.remove()
  readyFirstCards()
  // this script runs as the page is read, before #root when it comes first
  if (document.getElementById('root')) release()
  else document.addEventListener('DOMContentLoaded', release)
}

if (gate) {
  if (adultConfirmed()) pass()
  else
    gate.querySelector('form')?.addEventListener('submit', (event) => {
      event.preventDefault()
      pass()
    })
}
