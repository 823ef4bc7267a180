// The long texts of the Privacy and Terms pages, part of the English catalog but kept apart from en.ts so
// they load with those two pages only, not with every page (docs/decisions/008-performance-budgets.md).
import { RETENTION } from '#domain/api/privacy.ts'
import {
  NEW_ACCOUNT_DAYS,
  REPORTS_PER_ACCOUNT_PER_DAY,
  REPORTS_PER_ADDRESS_PER_DAY,
} from '#domain/api/reports.ts'
import { MIN_TOPUP_CENTS } from '#domain/constants.ts'
import { FEES_CENTS } from '#domain/fees.ts'
import { formatFee } from '#domain/money.ts'

// how long a session lasts, in days (src/server/services/accounts/tokens.ts says the same in milliseconds)
const SESSION_DAYS = 30
const IDLE_DAYS = 14

export const enLegal = {
  privacy: {
    title: 'Privacy Policy',
    updated: 'Last updated: November 2026',
    sections: [
      {
        heading: 'Who we are',
        body: [
          'Maple After Dark is an adult (18+) classified-ads marketplace for Canada. This policy explains what personal information we collect, why, how long we keep it, and the choices you have. We follow the Personal Information Protection and Electronic Documents Act (PIPEDA) and, where they apply, provincial privacy laws such as Quebec’s Law 25.',
        ],
      },
      {
        heading: 'What stays on your device',
        body: [
          'Your 18+ confirmation, your language, the drafts of ads you have not published yet (with the photos you picked for them), and copies of the listings and ads you have seen, so they show offline. Clearing your browser data or uninstalling the app deletes them.',
          'When you sign in, your session token and the email of your account are stored on your device so you stay signed in. Signing out removes them.',
        ],
      },
      {
        heading: 'What our server keeps, and for how long',
        body: [
          `Your account: your email address, a hash of your password (never the password itself), your language, and when you signed up and verified your email. Kept until you delete your account. An account whose email is never verified is deleted after ${RETENTION.unverifiedAccountDays} days.`,
          `Sign-in sessions and email links: a session is deleted once it ends (${SESSION_DAYS} days after you sign in, ${IDLE_DAYS} days without use, or when you sign out); verification and password-reset links ${RETENTION.accountTokenDays} days after they expire. Mail we send you is deleted once sent, and after ${RETENTION.outboxDays} days at most. Work we do for you later (a reminder, an alert, a scheduled bump) is deleted ${RETENTION.jobDays} days after it is done.`,
          'Your ads, as you wrote them: title, description, price, place, contact details, photos and videos (we strip every photo’s metadata, location included, and keep no original), and each ad’s history (created, paid, bumped, held, removed). Published ads are public, except contact details, which show only to a visitor who asks for them. An ad stays in your Manage list until you delete it or your account; deleting an ad deletes its photos and videos at once.',
          `Your wallet and payments: your balance and its ledger (amounts, dates, types, the ad each fee paid for, charge references). Kept while your account exists. When you delete your account, the ledger and charge references are kept for ${RETENTION.deletedLedgerYears} years, as Canada’s Income Tax Act requires of business records, under a random identifier with no email or name, then deleted. Crypto payments go through a payment processor; we never hold your wallet keys.`,
          `Reports: the reason and details you write, when, and your account if you are signed in. The address you report from is kept only as a one-way hash, to apply the daily limits and tell independent reporters apart, and forgotten after ${RETENTION.reportAddressDays} days. Reports stay with the record of the reported ad; the owner of an ad never learns who reported it.`,
          `Ad statistics: for each ad we count, per day, how many visitors opened it, how many revealed its contact, how many keep it in their favourites and how many alerts named it. Its owner sees these numbers (never who) for the last 30 days. To count a visitor once a day, the app sends a random number it keeps on your device (tied to no account); the server mixes it with a secret that changes every day and is never written down, and keeps the result only in its memory until the day ends. We store no address for this. The daily numbers are deleted after ${RETENTION.adStatsDays} days, and with the ad.`,
          'Contact reveals and other requests: the address of a visitor who reveals a contact is never stored; it is only counted in memory for a few minutes to stop scraping. Server logs, which include addresses, are kept for a short time for security. Ad text sent to the moderation check is checked and not stored.',
          'Legal holds: when a moderator confirms a report that an ad may involve a minor or trafficking, or an admin places a legal hold to answer the police, we seal a copy of that ad (every version, its photos and videos, its reports) and of its account (email, the contact details of its ads, sign-in dates, payments) apart from the live site. Deleting the ad or the account then removes them from the site as usual, but the sealed copy stays for at least one year, or until an admin releases it with a reason; only admins can read it, each step is logged, and it is given only to the authorities as the law requires.',
        ],
      },
      {
        heading: 'Why we use it',
        body: [
          'To run your account and publish your ads, take payments and keep the records tax law requires, keep the marketplace legal and safe (moderation, reports, abuse and fraud prevention) and answer your messages. We do not sell your personal information and we do not use third-party advertising trackers.',
        ],
      },
      {
        heading: 'Download or delete your data',
        body: [
          'Signed in, open Your data in the account menu. “Download my data” gives you one zip file with your account, every ad you posted with its photos and videos, your wallet ledger, your payments and the reports you made.',
          '“Delete my account” (your password confirms it) takes your ads down and deletes their photos and videos at once, ends every session, and frees your email for a new sign-up. Only the payment records described above are kept, without your email.',
        ],
      },
      {
        heading: 'Your rights',
        body: [
          'Under PIPEDA and Quebec’s Law 25 you may see the personal information we hold about you (Download my data), correct it (edit your ads, or write to us), withdraw consent and delete your account. For anything else, write to us through the Contact page; we answer within 30 days. If you are not satisfied, you can complain to the Office of the Privacy Commissioner of Canada (priv.gc.ca) or, in Quebec, to the Commission d’accès à l’information (cai.gouv.qc.ca).',
        ],
      },
      {
        heading: 'Security',
        body: [
          'Connections are encrypted, passwords are hashed with a modern algorithm, photos of ads under review are shown only to their owner and our moderators, and access to our systems is limited to the people who need it. If a breach creates a real risk of significant harm, we will tell you and the Privacy Commissioner as the law requires.',
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
        // the post form links here (features/post/components/companion-rules.tsx)
        id: 'companion-ads',
        heading: 'Adult Companions ads',
        body: [
          'Only verified advertisers may publish in Adult Companions: ask under Get verified in the account menu, and a moderator checks your photo. If a verification is withdrawn, the account’s companion ads are hidden at once.',
          'Each time you post or edit a companion ad you confirm that you are 18 or older and that the ad offers only your own time and company. We keep that confirmation with its date and the version of the ad it covers.',
          'Not allowed: an ad for anyone but yourself (a friend, a partner, a worker, a client); ads by or for agencies, managers, bookers or drivers; offering or asking for sexual services for money or anything else of value; and code words, prices, “menus”, abbreviations or emojis that stand for them. Such ads are removed and the account closed; where we suspect exploitation or a minor, we report it to the police.',
        ],
      },
      {
        heading: 'Forbidden content',
        body: [
          'No content involving minors, or anyone who looks like a minor. No human trafficking, exploitation, coercion or third-party advertising of another person. No non-consensual or stolen images. No violence, threats, hate, or illegal drugs. We remove such ads without notice, close the account and report to the police.',
          'Ads for companionship must follow Canadian law, including the Criminal Code (the Protection of Communities and Exploited Persons Act). We may refuse or remove any ad at our discretion.',
          `Anyone may report an ad. A report that an ad may show someone under 18, or coercion or trafficking, goes to the top of our review queue. It hides the ad at once when it comes from an established account (email verified, at least ${NEW_ACCOUNT_DAYS} days old, none of its reports dismissed); otherwise when a second, independent person confirms it or a moderator decides. Other ads are hidden after three independent reports. An account may make ${REPORTS_PER_ACCOUNT_PER_DAY} reports a day and a connection ${REPORTS_PER_ADDRESS_PER_DAY}; after three of its reports are dismissed, an account no longer hides ads.`,
          'While an ad is hidden for review its remaining days are kept: the clock starts again when it is released. Its owner sees why under Manage and may ask once for a review, with a note. Holding or removing an ad never refunds its fees automatically; the owner sees the reason for a removal under Manage.',
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
          'You may delete your account at any time under Your data in the account menu: your ads, photos and videos go at once, and any wallet balance is lost. Payment records are kept as the privacy policy says.',
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
