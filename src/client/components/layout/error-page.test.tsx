import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { setLanguage } from '#client/i18n/messages.ts'
import { ErrorPage } from './error-page.tsx'

describe('ErrorPage', () => {
  afterEach(cleanup)

  it('shows the status of a thrown response, and its English status text only in development', () => {
    render(<ErrorPage error={new Response(null, { status: 404, statusText: 'Not Found' })} dev={false} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Application Error')
    expect(screen.getByTestId('error-message').textContent).toBe('404')
    cleanup()
    render(<ErrorPage error={new Response(null, { status: 404, statusText: 'Not Found' })} dev />)
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

  it('hides the stack and the error’s own English message outside development', () => {
    const error = new Error('Boom in loader')
    error.stack = 'Error: Boom in loader\n    at loader (listing.tsx:10:5)'
    render(<ErrorPage error={error} dev={false} />)
    expect(screen.queryByTestId('error-message')).toBeNull()
    expect(screen.queryByText(/listing\.tsx/)).toBeNull()
    expect(screen.queryByText('Stack trace')).toBeNull()
  })

  it('reads in French for a French reader, with nothing of the error’s English', async () => {
    await setLanguage('fr', false)
    try {
      render(
        <ErrorPage
          error={new Error('Failed to fetch dynamically imported module')}
          reset={() => {}}
          dev={false}
        />,
      )
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
        'Erreur inattendue de l’application!',
      )
      expect(screen.getByText('Un problème est survenu lors de l’affichage de cette page.')).toBeTruthy()
      expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Recharger' })).toBeTruthy()
      expect(document.body.textContent).not.toMatch(/Failed|Error|Go home|Reload/)
    } finally {
      await setLanguage('en', false)
    }
  })
})
