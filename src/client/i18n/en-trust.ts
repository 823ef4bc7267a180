// Photos under review, in /manage and on ads (docs/decisions/032-photo-review.md), in the main catalog
// (see en.ts). The "Get verified" page and the admin's two queues are in en-verification.ts.
export const enTrust = {
  photos: {
    underReview: 'Photo under review',
    manageUnderReview: 'Photos under review: {count}. Visitors see them once an admin approves them.',
    manageRefused: 'A photo was refused and deleted: {reason}',
  },
} as const
