// The ad form's contact details: shown only after a reveal, and checked by the same rules as the API.
import { msgPost } from '#client/i18n/messages-post.ts'
import type { AdFormErrors, AdFormValues } from '#domain/ad-form-rules.ts'
import { CONTACT_PLATFORMS } from '#domain/constants.ts'
import { problemText } from './field-problem-text.ts'
import { Field, NativeSelect, TextField } from './form-fields.tsx'

const t = msgPost.post

export interface AdContactFieldsProps {
  id: string
  values: AdFormValues
  onChange: (patch: Partial<AdFormValues>) => void
  errors: AdFormErrors
}

export function AdContactFields({ id, values, onChange, errors }: AdContactFieldsProps) {
  return (
    <fieldset className="grid gap-4 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium">{t.fields.contact}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-phone`}
          name="phone"
          label={t.fields.phone}
          error={problemText('phone', errors.phone)}
          type="tel"
          autoComplete="tel"
          maxLength={40}
          value={values.phone}
          onValue={(phone) => onChange({ phone })}
        />
        <TextField
          id={`${id}-email`}
          name="email"
          label={t.fields.email}
          error={problemText('email', errors.email)}
          type="email"
          autoComplete="email"
          maxLength={254}
          value={values.email}
          onValue={(email) => onChange({ email })}
        />
        <TextField
          id={`${id}-website`}
          name="website"
          label={t.fields.website}
          hint={t.fields.websiteHint}
          error={problemText('website', errors.website)}
          type="text"
          inputMode="url"
          autoComplete="url"
          maxLength={500}
          value={values.website}
          onValue={(website) => onChange({ website })}
        />
        <TextField
          id={`${id}-handle`}
          name="handle"
          label={t.fields.handle}
          error={problemText('handle', errors.handle)}
          maxLength={100}
          value={values.handle}
          onValue={(handle) => onChange({ handle })}
        />
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
  )
}
