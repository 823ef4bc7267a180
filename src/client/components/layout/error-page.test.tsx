import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ErrorPage } from './error-page.tsx'

describe('ErrorPage', () => {
  afterEach(cleanup)

  it('shows the status and status text of a thrown response', () => {
    render(<ErrorPage error={new Response(null, { status: 404, statusText: 'Not Found' })} dev={false} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Application Error')
    expect(screen.getByTestId('error-message').textContent).toBe('404 Not Found')
  })

  it('shows an error message and its stack in development', () => {
    const error = new Error('Boom in loader')
    error.stack = 'Error: Boom in loader\n    at loader (listing.tsx:10:5)'
    render(<ErrorPage error={error} dev />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!')
    expect(screen.getByTestId('error-message').textContent).toBe('Boom in loader')
    expect(screen.getByText(/at loader \(listing\.tsx:10:5\)/)).toBeTruthy()
  })

  it('hides the stack outside development', () => {
    const error = new Error('Boom in loader')
    error.stack = 'Error: Boom in loader\n    at loader (listing.tsx:10:5)'
    render(<ErrorPage error={error} dev={false} />)
    expect(screen.getByTestId('error-message').textContent).toBe('Boom in loader')
    expect(screen.queryByText(/listing\.tsx/)).toBeNull()
    expect(screen.queryByText('Stack trace')).toBeNull()
  })
})
