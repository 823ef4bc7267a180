// The ad form's contact details: shown only after a reveal, and checked by the same rules as the API.
import { msgPost } from '#client/i18n/messages-post.ts'
import type { AdFormErrors, AdFormValues } from '#domain/ad-form-rules.ts'
import { CONTACT_PLATFORMS } from '#domain/constants.ts'
import { problemText } from '../field-problem-text.ts'
import { Field, TextField } from './form-fields.tsx'
import { FormSelect } from './form-select.tsx'

const t = msgPost.post
const NO_PLATFORM = 'none'

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
          <FormSelect
            id={`${id}-platform`}
            name="contactPlatform"
            // Radix keeps '' for "nothing chosen", so "No platform" is an item of its own
            value={values.contactPlatform === '' ? NO_PLATFORM : values.contactPlatform}
            items={[
              { value: NO_PLATFORM, label: t.fields.noPlatform },
              ...CONTACT_PLATFORMS.map((platform) => ({ value: platform, label: t.platforms[platform] })),
            ]}
            onValue={(platform) => onChange({ contactPlatform: platform === NO_PLATFORM ? '' : platform })}
          />
        </Field>
      </div>
    </fieldset>
  )
}
