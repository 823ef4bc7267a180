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
  pwa: {},
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
