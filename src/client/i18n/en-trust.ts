// Verified advertisers and photo review (see en.ts): the "Get verified" page, the photos under review
// in /manage and on ads, and the admin console's two queues (docs/decisions/031, 032).
export const enTrust = {
  verify: {
    title: 'Get verified',
    intro:
      'Verified ads carry a Verified badge and show in "Only verified ads". An admin compares a photo of you holding the code below with the photos of your ads. The photo is seen by the admins only and deleted once they decide.',
    codeLabel: 'Your code',
    codeHint:
      'Write this code on a sheet of paper and take a photo of yourself holding it, your face visible.',
    photo: 'Photo of you holding the code',
    photo2: 'Second photo (optional)',
    send: 'Send for review',
    sending: 'Sending…',
    sent: 'Your request was sent',
    sendFailed: 'Your request was not sent',
    photoRequired: 'Choose a photo of yourself holding the code.',
    status: {
      none: 'Not verified yet.',
      pending: 'Your request is waiting for an admin. Your ads get the badge once it is approved.',
      approved: 'Your account is verified: every ad of yours shows the Verified badge.',
      refused: 'Your last request was refused. You can send a new one with the new code.',
    },
    reason: 'Reason: {reason}',
    loadFailed: 'Your verification status could not be loaded',
  },
  photos: {
    underReview: 'Photo under review',
    manageUnderReview: 'Photos under review: {count}. Visitors see them once an admin approves them.',
    manageRefused: 'A photo was refused and deleted: {reason}',
  },
  admin: {
    verificationsTitle: 'Verification requests',
    verificationsEmpty: 'No request is waiting.',
    requestOf: 'Request from {email} ({language}), code {code}',
    requestPhotos: 'Photos sent',
    adPhotos: 'Photos of their ads',
    noAdPhotos: 'No ad photos yet.',
    approve: 'Approve',
    refuse: 'Refuse',
    reasonLabel: 'Reason (in the advertiser’s language)',
    reasonRequired: 'Write a reason: the advertiser reads it.',
    decided: 'Decision saved',
    decideFailed: 'The decision was not saved',
    reload: 'Reload requests',
    photosTitle: 'Photos to review',
    photosEmpty: 'No photo is waiting.',
    photoOf: 'On “{title}”',
    reported: 'Reported ({count})',
    shownAlready: 'Verified owner: already showing',
    reloadPhotos: 'Reload photos',
  },
} as const
