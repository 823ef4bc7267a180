import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Label } from '#client/components/ui/label.tsx'
import { FormSelect } from './form-select.tsx'

type Unit = 'per_unit' | 'per_hour'
const ITEMS = [
  { value: 'per_unit', label: 'Per item' },
  { value: 'per_hour', label: 'Per hour' },
] as const satisfies readonly { value: Unit; label: string }[]

function Harness({ initial }: { initial: Unit | '' }) {
  const [value, setValue] = useState<Unit | ''>(initial)
  return (
    <form>
      <Label htmlFor="unit">Price unit</Label>
      <FormSelect
        id="unit"
        name="priceUnit"
        value={value}
        items={ITEMS}
        placeholder="Choose"
        onValue={setValue}
      />
      <output data-testid="chosen">{value}</output>
    </form>
  )
}

beforeAll(() => {
  // jsdom has no layout: Radix scrolls the highlighted option into view and captures the pointer
  Element.prototype.scrollIntoView ??= () => {}
  Element.prototype.hasPointerCapture ??= () => false
  Element.prototype.releasePointerCapture ??= () => {}
})
afterEach(cleanup)

describe('FormSelect', () => {
  it('is a combobox named by its label that shows the chosen item, or the placeholder', () => {
    const { unmount } = render(<Harness initial="per_hour" />)
    expect(screen.getByRole('combobox', { name: 'Price unit' }).textContent).toContain('Per hour')
    unmount()
    render(<Harness initial="" />)
    expect(screen.getByRole('combobox', { name: 'Price unit' }).textContent).toContain('Choose')
  })

  it('opens and chooses with the keyboard alone', async () => {
    const user = userEvent.setup()
    render(<Harness initial="per_unit" />)
    const trigger = screen.getByRole('combobox', { name: 'Price unit' })
    trigger.focus()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('option', { name: 'Per hour' })).toBeTruthy()
    await user.keyboard('{ArrowDown}{Enter}')
    expect(screen.getByTestId('chosen').textContent).toContain('per_hour')
    expect(trigger.textContent).toContain('Per hour')
  })
})
