// Every user-visible string, keyed by screen, so a French catalog can be added beside this one.
// Strings quoted in spec/SPEC.md are copied here exactly: do not reword them.
// Each screen's section is owned by the feature that renders it; edit only your own section.

export const en = {
  app: {
    name: 'Maple After Dark',
    tagline: "Canada's premier adult classified marketplace",
  },
  layout: {},
  home: {},
  listing: {},
  adDialog: {},
  toasts: {},
  errors: {},
  pwa: {
    updateAvailable: 'A new version is available',
    updateDescription: 'Reload to get the latest version of the app.',
    reload: 'Reload',
    updateReady: 'Update ready',
    install: 'Install app',
    installLabel: 'Install Maple After Dark on this device',
    offline: "You're offline. Showing what this device has saved.",
    backendUnreachable: "Can't reach the server right now. Listings still work; account actions will wait.",
    networkError: 'Could not reach the server. Check your connection and try again.',
    requestFailed: 'Request failed',
    unexpectedAnswer: 'Unexpected answer from the server',
  },
  static: {},
  auth: {},
  admin: {},
  post: {},
  manage: {},
  checkout: {},
  pay: {},
  wallet: {},
} as const

export type Messages = typeof en
