import { useQuery } from '@tanstack/react-query'
import { PlaneIcon, PlusIcon, XIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { FormProblem } from '#client/components/form/form-problem.tsx'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { selectTriggerClass } from '#client/components/ui/select-styles.ts'
import { fill } from '#client/i18n/fill.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import { provinceName } from '#client/i18n/names.ts'
import { citiesQuery } from '#client/lib/cities/cities-query.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { OwnAd, TourWrite } from '#domain/api/ads.ts'
import { PROVINCE_CODES, type ProvinceCode } from '#domain/provinces.ts'
import { TOUR_MAX_VISITS } from '#domain/tours.ts'
import { useSaveTours } from '../api/tours.ts'

const t = msgPost.manage.tours

// each row's React key: a visit removed from the middle must not hand its fields to the next one
interface Row extends TourWrite {
  key: number
}
let nextKey = 0

/**
 * An ad's visits to other cities (docs/decisions/060-touring.md): up to TOUR_MAX_VISITS rows of
 * province, city, from and to; saving replaces the list, and the API's refusal is shown in the
 * dialog, where the owner fixes it. Loaded when first opened, not with /manage.
 */
export function ToursDialog({
  ad,
  onClose,
}: {
  ad: Pick<OwnAd, 'id' | 'title' | 'province' | 'tours'>
  onClose: () => void
}) {
  const id = useId()
  const save = useSaveTours(ad.id)
  const [visits, setVisits] = useState<Row[]>(() =>
    (ad.tours ?? []).map(({ province, city, from, to }) => ({ key: nextKey++, province, city, from, to })),
  )
  const [problem, setProblem] = useState<string | null>(null)

  const submit = () => {
    if (visits.some((visit) => visit.city.trim() === '' || visit.from === '' || visit.to === '')) {
      setProblem(t.incomplete)
      return
    }
    setProblem(null)
    save.mutate(
      visits.map(({ key: _, ...visit }) => visit),
      {
        onSuccess: () => {
          toast({ title: t.saved })
          onClose()
        },
        onError: (error) => setProblem(errorDetail(error, t.failed)),
      },
    )
  }

  const change = (index: number, next: Partial<TourWrite>) =>
    setVisits(visits.map((visit, i) => (i === index ? { ...visit, ...next } : visit)))

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent closeLabel={t.close} data-testid="tours-dialog">
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{fill(t.intro, { title: ad.title })}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          {visits.length === 0 && <p className="text-sm text-muted-foreground">{t.none}</p>}
          {visits.map((visit, index) => (
            <VisitFields
              key={visit.key}
              id={`${id}-${index}`}
              n={index + 1}
              visit={visit}
              onChange={(next) => change(index, next)}
              onRemove={() => setVisits(visits.filter((_, i) => i !== index))}
            />
          ))}
          {visits.length < TOUR_MAX_VISITS && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() =>
                setVisits([...visits, { key: nextKey++, province: ad.province, city: '', from: '', to: '' }])
              }
            >
              <PlusIcon aria-hidden="true" />
              {t.add}
            </Button>
          )}
          <FormProblem>{problem}</FormProblem>
          <Button type="submit" size="sm" className="justify-self-start" disabled={save.isPending}>
            <PlaneIcon aria-hidden="true" />
            {save.isPending ? t.saving : t.save}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}

function VisitFields({
  id,
  n,
  visit,
  onChange,
  onRemove,
}: {
  id: string
  n: number
  visit: TourWrite
  onChange: (next: Partial<TourWrite>) => void
  onRemove: () => void
}) {
  // the province's places, as the post form offers them; the server checks the name against the same list
  const cities = useQuery(citiesQuery(visit.province, ''))
  return (
    <fieldset className="grid gap-2 rounded-md border p-3" data-testid="tour-visit">
      <legend className="px-1 text-sm font-semibold">{fill(t.visit, { n: String(n) })}</legend>
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-province`}>{t.province}</Label>
          <select
            id={`${id}-province`}
            className={`${selectTriggerClass} h-9`}
            value={visit.province}
            onChange={(event) => onChange({ province: event.target.value as ProvinceCode, city: '' })}
          >
            {PROVINCE_CODES.map((code) => (
              <option key={code} value={code}>
                {provinceName(code)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-city`}>{t.city}</Label>
          <Input
            id={`${id}-city`}
            list={`${id}-cities`}
            autoComplete="off"
            value={visit.city}
            onChange={(event) => onChange({ city: event.target.value })}
          />
          <datalist id={`${id}-cities`}>
            {(cities.data ?? []).map((city) => (
              <option key={city.name} value={city.name} />
            ))}
          </datalist>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-from`}>{t.from}</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={visit.from}
            onChange={(event) => onChange({ from: event.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-to`}>{t.to}</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={visit.to}
            onChange={(event) => onChange({ to: event.target.value })}
          />
        </div>
      </div>
      <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={onRemove}>
        <XIcon aria-hidden="true" />
        {fill(t.remove, { n: String(n) })}
      </Button>
    </fieldset>
  )
}
