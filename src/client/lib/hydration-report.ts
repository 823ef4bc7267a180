// What React says when the page it adopts (a server-rendered listing or ad page, the pre-rendered home)
// differs from its own first render: it draws that part again on the client, and the mismatch, a bug
// in a component that reads the browser's state too early (lib/use-hydrated.ts), would otherwise go
// unseen. Said in the console with a fixed opening that the e2e suite watches for
// (tests/support/e2e-fixtures.ts).

/** How every such report opens. */
export const HYDRATION_REPORT = 'hydration mismatch:'

export function reportHydrationError(error: unknown, info: { componentStack?: string }): void {
  console.error(HYDRATION_REPORT, error instanceof Error ? error.message : error, info.componentStack ?? '')
}
