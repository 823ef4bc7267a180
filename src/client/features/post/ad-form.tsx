// The fields shared by /post and /edit/{id}: the page owns the values and what
// happens on submit; this component only shows them and reports changes.
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Input } from '#client/components/ui/input.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import { categoryName, companionName, provinceName } from '#client/i18n/names.ts'
import { citiesQuery } from '#client/lib/cities/cities-query.ts'
import {
  type AdFormErrors,
  type AdFormValues,
  cityAfterProvinceChange,
  POST_FORM_PROVINCES,
} from '#domain/ad-form-rules.ts'
import { MAX_CHECK_DESCRIPTION_LENGTH, MAX_CHECK_TITLE_LENGTH } from '#domain/api/moderation.ts'
import { CATEGORIES, COMPANION_TYPES, SERVICES_CATEGORY } from '#domain/categories.ts'
import { CONTACT_PLATFORMS, MAX_PHOTOS, PRICE_UNITS } from '#domain/constants.ts'
import { findProvince, isProvinceCode } from '#domain/provinces.ts'
import { describedBy, Field, NativeSelect } from './form-fields.tsx'
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
  const titleError = errors.title ? t.titleRequired : undefined
  const isServices = values.category === SERVICES_CATEGORY

  return (
    <div className="grid gap-5">
      <Field id={`${id}-title`} label={t.fields.title} error={titleError}>
        <Input
          id={`${id}-title`}
          name="title"
          required
          aria-required
          maxLength={MAX_CHECK_TITLE_LENGTH}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={describedBy(`${id}-title`, undefined, titleError)}
          value={values.title}
          onChange={(e) => onChange({ title: e.target.value })}
        />
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-category`} label={t.fields.category}>
          <NativeSelect
            id={`${id}-category`}
            name="category"
            value={values.category}
            onChange={(e) => {
              const category = CATEGORIES.find((c) => c.key === e.target.value)?.key
              if (category) onChange({ category })
            }}
          >
            {CATEGORIES.map((c) => (
              <option key={c.key} value={c.key}>
                {categoryName(c.key)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {isServices && (
          <Field id={`${id}-escort`} label={t.fields.escortType}>
            <NativeSelect
              id={`${id}-escort`}
              name="escortType"
              value={values.escortType}
              onChange={(e) => {
                const type = COMPANION_TYPES.find((c) => c === e.target.value)
                onChange({ escortType: type ?? '' })
              }}
            >
              <option value="">{t.chooseEscortType}</option>
              {COMPANION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {companionName(type)}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-province`} label={t.fields.province}>
          <NativeSelect
            id={`${id}-province`}
            name="province"
            value={values.province}
            onChange={(e) => {
              const province = e.target.value
              if (!isProvinceCode(province)) return
              onChange({ province, city: cityAfterProvinceChange(values.city, province) })
            }}
          >
            {POST_FORM_PROVINCES.map((code) => (
              <option key={code} value={code}>
                {provinceName(code)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${id}-city`} label={t.fields.city} hint={t.fields.cityHint}>
          <Input
            id={`${id}-city`}
            name="city"
            list={`${id}-cities`}
            autoComplete="off"
            maxLength={100}
            aria-describedby={describedBy(`${id}-city`, t.fields.cityHint)}
            value={values.city}
            onChange={(e) => onChange({ city: e.target.value })}
          />
          <datalist id={`${id}-cities`}>
            {[...new Set([...(findProvince(values.province)?.cities ?? []), ...cityNames])].map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </Field>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-price`} label={t.fields.price} hint={t.fields.priceHint}>
          <Input
            id={`${id}-price`}
            name="price"
            inputMode="decimal"
            maxLength={20}
            aria-describedby={describedBy(`${id}-price`, t.fields.priceHint)}
            value={values.price}
            onChange={(e) => onChange({ price: e.target.value })}
          />
        </Field>
        <Field id={`${id}-unit`} label={t.fields.priceUnit}>
          <NativeSelect
            id={`${id}-unit`}
            name="priceUnit"
            value={values.priceUnit}
            onChange={(e) => {
              const unit = PRICE_UNITS.find((u) => u === e.target.value)
              if (unit) onChange({ priceUnit: unit })
            }}
          >
            {PRICE_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {t.priceUnits[unit]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>

      <Field id={`${id}-description`} label={t.fields.description}>
        <Textarea
          id={`${id}-description`}
          name="description"
          rows={6}
          maxLength={MAX_CHECK_DESCRIPTION_LENGTH}
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
        error={errors.photos ? fill(t.photosLimit, { max: MAX_PHOTOS }) : undefined}
      />
      <MediaPicker
        kind="videos"
        refs={values.videos}
        max={maxVideos}
        onChange={(videos) => onChange({ videos })}
        onRemoved={onMediaRemoved}
        error={errors.videos ? fill(t.videosLimit, { max: maxVideos }) : undefined}
      />

      <fieldset className="grid gap-4 rounded-md border border-border p-4">
        <legend className="px-1 text-sm font-medium">{t.fields.contact}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-phone`} label={t.fields.phone}>
            <Input
              id={`${id}-phone`}
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={40}
              value={values.phone}
              onChange={(e) => onChange({ phone: e.target.value })}
            />
          </Field>
          <Field id={`${id}-email`} label={t.fields.email}>
            <Input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              value={values.email}
              onChange={(e) => onChange({ email: e.target.value })}
            />
          </Field>
          <Field id={`${id}-website`} label={t.fields.website} hint={t.fields.websiteHint}>
            <Input
              id={`${id}-website`}
              name="website"
              type="text"
              inputMode="url"
              autoComplete="url"
              maxLength={500}
              aria-describedby={describedBy(`${id}-website`, t.fields.websiteHint)}
              value={values.website}
              onChange={(e) => onChange({ website: e.target.value })}
            />
          </Field>
          <Field id={`${id}-handle`} label={t.fields.handle}>
            <Input
              id={`${id}-handle`}
              name="handle"
              maxLength={100}
              value={values.handle}
              onChange={(e) => onChange({ handle: e.target.value })}
            />
          </Field>
          <Field id={`${id}-platform`} label={t.fields.contactPlatform}>
            <NativeSelect
              id={`${id}-platform`}
              name="contactPlatform"
              value={values.contactPlatform}
              onChange={(e) => {
                const platform = CONTACT_PLATFORMS.find((p) => p === e.target.value)
                onChange({ contactPlatform: platform ?? '' })
              }}
            >
              <option value="">{t.fields.noPlatform}</option>
              {CONTACT_PLATFORMS.map((platform) => (
                <option key={platform} value={platform}>
                  {t.platforms[platform]}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
      </fieldset>
    </div>
  )
}
