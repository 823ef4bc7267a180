// "Your data" (/account/data): downloading one's data and deleting one's account (see en.ts).
export const enPrivacy = {
  title: 'Your data',
  intro:
    'What we keep about you, why and for how long is in the privacy policy. Here you can take a copy of it or delete your account.',
  privacyLink: 'Read the privacy policy',
  downloadTitle: 'Download my data',
  downloadIntro:
    'One zip file with your account, every ad you posted with its photos and videos, your wallet ledger, your payments and the reports you made.',
  download: 'Download my data',
  downloading: 'Preparing your archive…',
  downloaded: 'Your data was downloaded',
  downloadFailed: 'Your data could not be downloaded',
  deleteTitle: 'Delete my account',
  deleteIntro:
    'Your ads are taken down and your photos and videos deleted at once; you are signed out everywhere and can sign up again with the same email. Any wallet balance is lost. Payment records stay, without your email, for the 7 years tax law requires.',
  delete: 'Delete my account',
  confirmTitle: 'Delete your account?',
  confirmDescription:
    'This cannot be undone. Your ads, photos and videos go at once, and any wallet balance is lost. Enter your password to confirm.',
  password: 'Password',
  passwordRequired: 'Enter your password to confirm.',
  confirm: 'Delete my account',
  deleting: 'Deleting…',
  cancel: 'Cancel',
  deleted: 'Your account was deleted',
  deleteFailed: 'Your account was not deleted',
} as const
