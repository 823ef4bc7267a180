// Annonceurs vérifiés et vérification des photos, en français (see fr.ts).
import type { Messages } from './messages-type.ts'

export const frTrust: Messages['trust'] = {
  photos: {
    underReview: 'Photo en cours de vérification',
    manageUnderReview:
      'Photos en cours de vérification : {count}. Les visiteurs les verront dès qu’un administrateur les aura approuvées.',
    manageRefused: 'Une photo a été refusée et supprimée : {reason}',
  },
}
