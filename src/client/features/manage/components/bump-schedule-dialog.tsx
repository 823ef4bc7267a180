import { CalendarClockIcon, PlusIcon, XIcon } from 'lucide-react'
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
import { formatPostedDate } from '#client/lib/ad-format.ts'
import { errorDetail } from '#client/lib/http.ts'
import type { OwnAd } from '#domain/api/ads.ts'
import { SCHEDULE_MAX_DAYS, SCHEDULE_MAX_TIMES, TIME_OF_DAY } from '#domain/bump-schedule.ts'
import { useBumpSchedule, useChangeBumpSchedule } from '../api/bump-schedule.ts'
import { BumpMomentsFields, momentOf } from './bump-moments-fields.tsx'

const t = msgPost.manage.schedule

/** The device's time zone: the times the owner types are read in it. */
function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/**
 * Scheduled bumps of one live ad (docs/decisions/050-scheduled-bumps.md): the next moments and
 * Cancel, and a form of times of day for a number of days, or of chosen dates and times, in the
 * device's time zone; saving replaces the schedule. Loaded when first opened, not with /manage.
 */
export function BumpScheduleDialog({
  ad,
  onClose,
}: {
  ad: Pick<OwnAd, 'id' | 'title'>
  onClose: () => void
}) {
  const id = useId()
  const schedule = useBumpSchedule(ad.id)
  const change = useChangeBumpSchedule(ad.id)
  const [times, setTimes] = useState<string[]>(['09:00'])
  const [days, setDays] = useState(1)
  const [mode, setMode] = useState<'times' | 'moments'>('times')
  const [moments, setMoments] = useState<string[]>([''])
  const [problem, setProblem] = useState<string | null>(null)
  const timeZone = deviceTimeZone()
  const next = schedule.data?.next ?? []

  const save = () => {
    if (mode === 'moments') {
      const chosen = moments.filter((moment) => moment !== '').map(momentOf)
      if (chosen.length === 0 || chosen.some((moment) => moment === null)) {
        setProblem(t.momentRequired)
        return
      }
      setProblem(null)
      change.mutate(
        { moments: chosen.filter((moment) => moment !== null) },
        { onError: (error) => setProblem(errorDetail(error, t.failed)) },
      )
      return
    }
    const chosen = times.filter((time) => time !== '')
    if (chosen.length === 0 || chosen.some((time) => !TIME_OF_DAY.test(time))) {
      setProblem(t.timeRequired)
      return
    }
    setProblem(null)
    change.mutate(
      { timeZone, times: chosen, days },
      { onError: (error) => setProblem(errorDetail(error, t.failed)) },
    )
  }

  const cancel = () => {
    setProblem(null)
    change.mutate(null, { onError: (error) => setProblem(errorDetail(error, t.failed)) })
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !change.isPending && onClose()}>
      <DialogContent closeLabel={t.close} data-testid="bump-schedule-dialog">
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{fill(t.intro, { title: ad.title })}</DialogDescription>
        </DialogHeader>
        <section className="grid gap-2" aria-labelledby={`${id}-next`}>
          <h3 id={`${id}-next`} className="text-sm font-semibold">
            {t.next}
          </h3>
          {schedule.isPending ? (
            <p className="text-sm text-muted-foreground">{t.loading}</p>
          ) : next.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t.none}</p>
          ) : (
            <>
              <ul className="grid gap-1 text-sm" data-testid="bump-schedule-next">
                {next.slice(0, 8).map((moment) => (
                  <li key={moment}>{formatPostedDate(moment)}</li>
                ))}
              </ul>
              {next.length > 8 && (
                <p className="text-xs text-muted-foreground">
                  {fill(t.more, { count: String(next.length - 8) })}
                </p>
              )}
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                disabled={change.isPending}
                onClick={cancel}
              >
                {t.cancelSchedule}
              </Button>
            </>
          )}
        </section>
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            save()
          }}
        >
          <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <legend className="sr-only">{t.mode}</legend>
            {(['times', 'moments'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={value}
                  checked={mode === value}
                  onChange={() => {
                    setMode(value)
                    setProblem(null)
                  }}
                />
                {value === 'times' ? t.modeTimes : t.modeMoments}
              </label>
            ))}
          </fieldset>
          {mode === 'moments' ? (
            <BumpMomentsFields id={id} zone={timeZone} moments={moments} onChange={setMoments} />
          ) : (
            <>
              <fieldset className="grid gap-2">
                <legend className="text-sm font-semibold">{fill(t.times, { zone: timeZone })}</legend>
                {times.map((time, index) => (
                  // the position is the identity: a time is typed in place, never moved
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <div key={index} className="flex items-center gap-2">
                    <Label htmlFor={`${id}-time-${index}`} className="sr-only">
                      {fill(t.timeLabel, { n: String(index + 1) })}
                    </Label>
                    <Input
                      id={`${id}-time-${index}`}
                      type="time"
                      className="w-36"
                      value={time}
                      onChange={(event) =>
                        setTimes(times.map((v, i) => (i === index ? event.target.value : v)))
                      }
                    />
                    {times.length > 1 && (
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        aria-label={fill(t.removeTime, { n: String(index + 1) })}
                        onClick={() => setTimes(times.filter((_, i) => i !== index))}
                      >
                        <XIcon aria-hidden="true" />
                      </Button>
                    )}
                  </div>
                ))}
                {times.length < SCHEDULE_MAX_TIMES && (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="justify-self-start"
                    onClick={() => setTimes([...times, ''])}
                  >
                    <PlusIcon aria-hidden="true" />
                    {t.addTime}
                  </Button>
                )}
              </fieldset>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-days`}>{t.days}</Label>
                <select
                  id={`${id}-days`}
                  className={`${selectTriggerClass} h-9 w-auto justify-self-start`}
                  value={days}
                  onChange={(event) => setDays(Number(event.target.value))}
                >
                  {Array.from({ length: SCHEDULE_MAX_DAYS }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {fill(n === 1 ? t.dayOption : t.daysOption, { n: String(n) })}
                    </option>
                  ))}
                </select>
              </div>
            </>
          )}
          <p className="text-xs text-muted-foreground">{t.rules}</p>
          <FormProblem>{problem}</FormProblem>
          <Button type="submit" size="sm" className="justify-self-start" disabled={change.isPending}>
            <CalendarClockIcon aria-hidden="true" />
            {change.isPending ? t.saving : t.save}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
