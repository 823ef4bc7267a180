// The long texts of the Privacy and Terms pages, part of the English catalog but kept apart from en.ts so
// they load with those two pages only, not with every page (docs/decisions/008-performance-budgets.md).
import { MIN_TOPUP_CENTS } from '#domain/constants.ts'
import { FEES_CENTS } from '#domain/fees.ts'
import { formatFee } from '#domain/money.ts'

export const enLegal = {
  privacy: {
    title: 'Privacy Policy',
    updated: 'Last updated: November 2026',
    sections: [
      {
        heading: 'Who we are',
        body: [
          'Maple After Dark is an adult (18+) classified-ads marketplace for Canada. This policy explains what personal information we collect, why, and the choices you have. We follow the Personal Information Protection and Electronic Documents Act (PIPEDA) and, where they apply, provincial privacy laws such as Quebec’s Law 25.',
        ],
      },
      {
        heading: 'What stays in your browser',
        body: [
          'Browsing, searching and the ads you post or edit are kept on your device only (local storage and IndexedDB): your ads, drafts, your 18+ confirmation and a copy of city lists. We never see this data. Clearing your browser data or uninstalling the app deletes it.',
          'When you sign in, your session token and the email of your account are also stored on your device so you stay signed in. Signing out removes them.',
        ],
      },
      {
        heading: 'What our server keeps',
        body: [
          'Your account: email address and a password hash (we never store your password itself), whether your email is verified, your language, and sign-in sessions.',
          'Your wallet: balance, top-ups and payments, kept as a ledger as required for accounting and fraud prevention.',
          'Crypto payments are handled by a payment processor; we keep the charge reference and status, never your wallet keys.',
          'Messages sent for moderation (ad text checked against banned phrases) are checked and not stored.',
        ],
      },
      {
        heading: 'Why we use it',
        body: [
          'To run your account, take payments, keep the marketplace legal and safe (moderation, abuse and fraud prevention) and answer your messages. We do not sell your personal information and we do not use third-party advertising trackers.',
        ],
      },
      {
        heading: 'How long we keep it',
        body: [
          'Account data is kept while your account is active. Payment records are kept as long as Canadian tax law requires (generally six years). Server logs are kept for a short time for security.',
        ],
      },
      {
        heading: 'Your rights',
        body: [
          'Under PIPEDA you may ask to see the personal information we hold about you, ask us to correct it, or withdraw consent and close your account. Write to us through the Contact page; we answer within 30 days. If you are not satisfied, you can complain to the Office of the Privacy Commissioner of Canada (priv.gc.ca).',
        ],
      },
      {
        heading: 'Security',
        body: [
          'Connections are encrypted, passwords are hashed with a modern algorithm, and access to our systems is limited to the people who need it. If a breach creates a real risk of significant harm, we will tell you and the Privacy Commissioner as the law requires.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of Use',
    updated: 'Last updated: November 2026',
    sections: [
      {
        heading: 'Adults only',
        body: [
          'You must be at least 18 years old, and of the age of majority where you live, to use this site. By entering you confirm that you are, and that adult content is legal where you are.',
        ],
      },
      {
        heading: 'Your ads',
        body: [
          'You are responsible for every ad you post. Ads must be truthful, legal in Canada and in your province, and about consenting adults only. Every person shown in a photo or video must be 18 or older and have agreed to appear in it.',
        ],
      },
      {
        heading: 'Forbidden content',
        body: [
          'No content involving minors, or anyone who looks like a minor. No human trafficking, exploitation, coercion or third-party advertising of another person. No non-consensual or stolen images. No violence, threats, hate, or illegal drugs. We remove such ads without notice, close the account and report to the police.',
          'Ads for companionship must follow Canadian law, including the Criminal Code (the Protection of Communities and Exploited Persons Act). We may refuse or remove any ad at our discretion.',
          'Anyone may report an ad. An ad reported as possibly showing someone under 18, or coercion or trafficking, is hidden at once until we review it; other ads are hidden after several reports. Holding or removing an ad never refunds its fees automatically; you see the reason for a removal under Manage.',
        ],
      },
      {
        heading: 'Fees and payments',
        body: [
          `Posting an ad costs ${formatFee(FEES_CENTS.post)} CAD and bumping it to the top costs ${formatFee(FEES_CENTS.bump)} CAD, paid from your prepaid wallet or in Bitcoin or Litecoin. The minimum wallet top-up is ${formatFee(MIN_TOPUP_CENTS)} CAD. Fees are non-refundable, including when an ad is removed for breaking these terms. Wallet balances have no cash value and cannot be withdrawn.`,
        ],
      },
      {
        heading: 'Meeting people',
        body: [
          'We only publish ads; we are not a party to any exchange between users. Take care when you meet someone, never send money in advance to people you do not know, and report suspicious ads.',
        ],
      },
      {
        heading: 'Your account',
        body: [
          'Keep your password private; you are responsible for what happens under your account. We may suspend accounts that break these terms.',
        ],
      },
      {
        heading: 'Liability and law',
        body: [
          'The site is provided as is. To the extent the law allows, we are not liable for ads posted by users or for losses from dealings between users. These terms are governed by the laws of Ontario and of Canada.',
        ],
      },
    ],
  },
} as const
