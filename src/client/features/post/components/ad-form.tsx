// The fields shared by /post and /edit/{id}: the page owns the values and what
// happens on submit; this component only shows them and reports changes.
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { msgPost } from '#client/i18n/messages-post.ts'
import { categoryName, companionName, provinceName } from '#client/i18n/names.ts'
import { citiesQuery } from '#client/lib/cities/cities-query.ts'
import {
  type AdFormErrors,
  type AdFormValues,
  cityAfterProvinceChange,
  POST_FORM_PROVINCES,
} from '#domain/ad-form-rules.ts'
import { MAX_CITY_LENGTH } from '#domain/api/ads.ts'
import { MAX_CHECK_DESCRIPTION_LENGTH, MAX_CHECK_TITLE_LENGTH } from '#domain/api/moderation.ts'
import { CATEGORIES, COMPANION_TYPES, SERVICES_CATEGORY } from '#domain/categories.ts'
import { MAX_PHOTOS, PRICE_UNITS } from '#domain/constants.ts'
import { findProvince } from '#domain/provinces.ts'
import { problemText } from '../field-problem-text.ts'
import { AdContactFields } from './ad-contact-fields.tsx'
import { CompanionRules } from './companion-rules.tsx'
import { describedBy, Field, TextField } from './form-fields.tsx'
import { FormSelect } from './form-select.tsx'
import { MediaPicker } from './media-pickers.tsx'

const t = msgPost.post

export interface AdFormProps {
  values: AdFormValues
  onChange: (patch: Partial<AdFormValues>) => void
  errors: AdFormErrors
  maxVideos: number
  /** refs dropped from the form: their device blobs are forgotten and uploads stopped (URLs stay) */
  onMediaRemoved?: (refs: string[]) => void
}

export function AdForm({ values, onChange, errors, maxVideos, onMediaRemoved }: AdFormProps) {
  const id = useId()
  const cities = useQuery(citiesQuery(values.province, ''))
  const cityNames = cities.data?.map((c) => c.name) ?? []
  const descriptionError = problemText('description', errors.description)
  const isServices = values.category === SERVICES_CATEGORY

  return (
    <div className="grid gap-5">
      <TextField
        id={`${id}-title`}
        name="title"
        label={t.fields.title}
        error={problemText('title', errors.title)}
        required
        aria-required
        maxLength={MAX_CHECK_TITLE_LENGTH}
        value={values.title}
        onValue={(title) => onChange({ title })}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-category`} label={t.fields.category}>
          <FormSelect
            id={`${id}-category`}
            name="category"
            value={values.category}
            items={CATEGORIES.map((c) => ({ value: c.key, label: categoryName(c.key) }))}
            onValue={(category) => onChange({ category })}
          />
        </Field>
        {isServices && (
          <Field id={`${id}-escort`} label={t.fields.escortType}>
            <FormSelect
              id={`${id}-escort`}
              name="escortType"
              value={values.escortType}
              placeholder={t.chooseEscortType}
              items={COMPANION_TYPES.map((type) => ({ value: type, label: companionName(type) }))}
              onValue={(escortType) => onChange({ escortType })}
            />
          </Field>
        )}
      </div>
      {isServices && (
        <CompanionRules
          id={id}
          confirmed={values.ownServicesConfirmed}
          onConfirmed={(ownServicesConfirmed) => onChange({ ownServicesConfirmed })}
          problem={errors.ownServicesConfirmed}
        />
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-province`} label={t.fields.province}>
          <FormSelect
            id={`${id}-province`}
            name="province"
            value={values.province}
            items={POST_FORM_PROVINCES.map((code) => ({ value: code, label: provinceName(code) }))}
            onValue={(province) =>
              onChange({ province, city: cityAfterProvinceChange(values.city, province) })
            }
          />
        </Field>
        <TextField
          id={`${id}-city`}
          name="city"
          label={t.fields.city}
          hint={t.fields.cityHint}
          error={problemText('city', errors.city)}
          list={`${id}-cities`}
          autoComplete="off"
          maxLength={MAX_CITY_LENGTH}
          value={values.city}
          onValue={(city) => onChange({ city })}
        >
          <datalist id={`${id}-cities`}>
            {[...new Set([...(findProvince(values.province)?.cities ?? []), ...cityNames])].map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </TextField>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={`${id}-price`}
          name="price"
          label={t.fields.price}
          hint={t.fields.priceHint}
          error={problemText('price', errors.price)}
          inputMode="decimal"
          maxLength={20}
          value={values.price}
          onValue={(price) => onChange({ price })}
        />
        <Field id={`${id}-unit`} label={t.fields.priceUnit}>
          <FormSelect
            id={`${id}-unit`}
            name="priceUnit"
            value={values.priceUnit}
            items={PRICE_UNITS.map((unit) => ({ value: unit, label: t.priceUnits[unit] }))}
            onValue={(priceUnit) => onChange({ priceUnit })}
          />
        </Field>
      </div>

      <Field id={`${id}-description`} label={t.fields.description} error={descriptionError}>
        <Textarea
          id={`${id}-description`}
          name="description"
          rows={6}
          maxLength={MAX_CHECK_DESCRIPTION_LENGTH}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={describedBy(`${id}-description`, undefined, descriptionError)}
          value={values.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </Field>

      <MediaPicker
        kind="photos"
        refs={values.photos}
        max={MAX_PHOTOS}
        onChange={(photos) => onChange({ photos })}
        onRemoved={onMediaRemoved}
        error={problemText('photos', errors.photos)}
      />
      <MediaPicker
        kind="videos"
        refs={values.videos}
        max={maxVideos}
        onChange={(videos) => onChange({ videos })}
        onRemoved={onMediaRemoved}
        error={problemText('videos', errors.videos)}
      />

      <AdContactFields id={id} values={values} onChange={onChange} errors={errors} />
    </div>
  )
}
