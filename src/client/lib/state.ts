// The one module that imports jotai (the excalidraw app-jotai pattern): the rest of the app imports
// these names from here, so the state library can be swapped or instrumented in one place.
// What lives where: session (auth_token, auth_user) and the admin token in localStorage; the user's
// ads, drafts and pending payments in IndexedDB (src/client/db); toasts only in memory.

export { atom, createStore, Provider, useAtomValue } from 'jotai'
