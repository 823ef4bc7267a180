import { PlusIcon, XIcon } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import { SCHEDULE_MAX_MOMENTS } from '#domain/bump-schedule.ts'

const t = msgPost.manage.schedule

/** A `datetime-local` value (the device's own time) as the instant it names, or null when incomplete. */
export function momentOf(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null
  const at = new Date(value)
  return Number.isNaN(at.getTime()) ? null : at.toISOString()
}

/**
 * The "list of moments" form of a bump schedule (docs/decisions/050-scheduled-bumps.md): each a date
 * and time in the device's zone, typed in place, added and removed.
 */
export function BumpMomentsFields({
  id,
  zone,
  moments,
  onChange,
}: {
  id: string
  zone: string
  moments: string[]
  onChange: (moments: string[]) => void
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-semibold">{fill(t.moments, { zone })}</legend>
      {moments.map((moment, index) => (
        // the position is the identity: a moment is typed in place, never moved
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={index} className="flex items-center gap-2">
          <Label htmlFor={`${id}-moment-${index}`} className="sr-only">
            {fill(t.momentLabel, { n: String(index + 1) })}
          </Label>
          <Input
            id={`${id}-moment-${index}`}
            type="datetime-local"
            className="w-56"
            value={moment}
            onChange={(event) => onChange(moments.map((v, i) => (i === index ? event.target.value : v)))}
          />
          {moments.length > 1 && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={fill(t.removeMoment, { n: String(index + 1) })}
              onClick={() => onChange(moments.filter((_, i) => i !== index))}
            >
              <XIcon aria-hidden="true" />
            </Button>
          )}
        </div>
      ))}
      {moments.length < SCHEDULE_MAX_MOMENTS && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => onChange([...moments, ''])}
        >
          <PlusIcon aria-hidden="true" />
          {t.addMoment}
        </Button>
      )}
    </fieldset>
  )
}
