// The ad form's choices use the project's Radix select like the listing filters (issue 33 item 7):
// a button with role combobox, named by its <label for>, opened and moved with the keyboard, and
// styled like every other control instead of the browser's own widget.
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'

export interface FormSelectItem<V extends string> {
  /** never '' (Radix keeps the empty string for "nothing chosen") */
  value: V
  label: string
}

export interface FormSelectProps<V extends string> {
  id: string
  name: string
  /** '' shows the placeholder */
  value: V | ''
  items: readonly FormSelectItem<V>[]
  onValue: (value: V) => void
  placeholder?: string
}

export function FormSelect<V extends string>({
  id,
  name,
  value,
  items,
  onValue,
  placeholder,
}: FormSelectProps<V>) {
  return (
    <Select
      name={name}
      value={value}
      onValueChange={(next) => {
        const item = items.find((i) => i.value === next)
        if (item) onValue(item.value)
      }}
    >
      <SelectTrigger id={id}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {items.map((item) => (
          <SelectItem key={item.value} value={item.value}>
            {item.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
